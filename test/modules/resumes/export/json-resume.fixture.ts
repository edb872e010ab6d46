/**
 * A JSON Resume document in the form the export answers (no empty values, full dates for dated items): importing
 * it and exporting the new resume gives it back, plus `$schema` and `meta`.
 */
export function sampleJsonResume() {
  return {
    basics: {
      name: 'Grace Hopper',
      label: 'Compiler Engineer',
      image: 'https://grace.example.org/photo.jpg',
      email: 'grace@example.com',
      phone: '+1 555 0100',
      url: 'https://grace.example.org',
      summary: 'Builds compilers so that people can write programs in words.',
      location: { address: 'Arlington, Virginia, US' },
      profiles: [{ network: 'GitHub', url: 'https://github.com/grace' }],
    },
    work: [
      {
        name: 'US Navy',
        position: 'Rear Admiral',
        location: 'Washington, DC',
        startDate: '1967-08-01',
        summary: 'Standardised programming languages across the Navy.',
        highlights: ['Led the COBOL validation suite'],
      },
      {
        name: 'Remington Rand',
        position: 'Senior Mathematician',
        startDate: '1949-01-01',
        endDate: '1967-07-31',
        highlights: ['Wrote the A-0 compiler', 'Designed FLOW-MATIC'],
      },
    ],
    volunteer: [
      {
        organization: 'Computer History Museum',
        position: 'Speaker',
        url: 'https://chm.example.org',
        startDate: '1980',
        endDate: '1985-06',
        summary: 'Talks about nanoseconds.',
      },
    ],
    education: [
      { institution: 'Yale University', area: 'Mathematics', studyType: 'PhD', startDate: '1930-09-01', endDate: '1934-06-30', score: 'Summa cum laude' },
    ],
    awards: [{ title: 'National Medal of Technology', date: '1991-09-16', awarder: 'President of the United States', summary: 'For pioneering compilers.' }],
    certificates: [{ name: 'Naval Reserve Commission', date: '1943-12-01', issuer: 'US Navy', url: 'https://navy.example.org/cert' }],
    publications: [
      {
        name: 'A Manual of Operation for the Automatic Sequence Controlled Calculator',
        publisher: 'Harvard University Press',
        releaseDate: '1946-01-01',
        url: 'https://press.example.org/ascc',
        summary: 'The first computer programming manual.',
      },
    ],
    skills: [
      { name: 'Compilers', level: 'Master', keywords: ['COBOL', 'FLOW-MATIC'] },
      { name: 'Mathematics', keywords: ['Numerical analysis'] },
    ],
    languages: [{ language: 'English', fluency: 'Native speaker' }],
    interests: [{ name: 'Sailing', keywords: ['Navigation'] }],
    references: [{ name: 'Howard Aiken', reference: 'Grace is the best programmer I have worked with.' }],
    projects: [
      {
        name: 'UNIVAC I compiler',
        entity: 'Remington Rand',
        description: 'The A-0 system.',
        startDate: '1951-01-01',
        endDate: '1952-12-31',
        url: 'https://univac.example.org',
      },
    ],
  };
}
