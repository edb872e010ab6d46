/**
 * Job pages as the boards publish them (shapes read from their pages, 2026-11), each with the application values a
 * user should see after saving it.
 */

const page = (head: string, body = '<h1>Job</h1>') => `<!DOCTYPE html><html><head><meta charset="utf-8">${head}</head><body>${body}</body></html>`;
/** A JSON-LD block as servers write one: `<` escaped, so that markup in a description cannot end the script. */
const jsonLd = (value: unknown) => `<script type="application/ld+json">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;

/** Greenhouse: one JobPosting, its description HTML escaped once more inside the JSON, a yearly range in EUR. */
export const GREENHOUSE = {
  html: page(
    '<title>Job Application for Senior Backend Engineer at Acme Robotics</title>' +
      jsonLd({
        '@context': 'schema.org',
        '@type': 'JobPosting',
        hiringOrganization: { '@type': 'Organization', name: 'Acme Robotics', logo: 'https://acme.example/logo.png' },
        title: 'Senior Backend Engineer',
        datePosted: '2026-11-02',
        validThrough: '2026-12-15T23:59:59Z',
        employmentType: 'FULL_TIME',
        jobLocation: {
          '@type': 'Place',
          address: { '@type': 'PostalAddress', addressLocality: 'Berlin', addressRegion: 'Berlin', addressCountry: 'Germany' },
        },
        baseSalary: {
          '@type': 'MonetaryAmount',
          currency: 'EUR',
          value: { '@type': 'QuantitativeValue', minValue: 70000, maxValue: 85000, unitText: 'YEAR' },
        },
        description:
          '&lt;p&gt;We build &lt;strong&gt;warehouse robots&lt;/strong&gt; &amp;amp; the software that runs them.&lt;/p&gt;' +
          '&lt;h3&gt;What you will do&lt;/h3&gt;&lt;ul&gt;&lt;li&gt;Design APIs&lt;/li&gt;&lt;li&gt;Run PostgreSQL&lt;/li&gt;&lt;/ul&gt;',
      }),
  ),
  expected: {
    jobTitle: 'Senior Backend Engineer',
    company: 'Acme Robotics',
    location: 'Berlin, Germany',
    jobDescription: 'We build warehouse robots & the software that runs them.\n\nWhat you will do\n\n- Design APIs\n- Run PostgreSQL',
    salaryMin: 70000,
    salaryMax: 85000,
    salaryPeriod: 'YEAR',
    salaryCurrency: 'EUR',
    postedAt: '2026-11-02',
    deadline: '2026-12-15',
  },
};

/**
 * Lever: the JobPosting inside `@graph` beside the board's own Organization, `@type` a list, the company a plain
 * string, a remote job open to two countries, an hourly rate as a string, a lowercase currency, HTML unescaped.
 */
export const LEVER = {
  html: page(
    '<title>Globex - Product Designer</title><meta property="og:title" content="Globex - Product Designer">' +
      jsonLd({
        '@context': 'https://schema.org',
        '@graph': [
          { '@type': 'Organization', name: 'Lever' },
          { '@type': 'BreadcrumbList', itemListElement: [] },
          {
            '@type': ['JobPosting'],
            title: 'Product Designer',
            hiringOrganization: 'Globex',
            jobLocationType: 'TELECOMMUTE',
            applicantLocationRequirements: [
              { '@type': 'Country', name: 'Canada' },
              { '@type': 'Country', name: 'United States' },
            ],
            baseSalary: { '@type': 'MonetaryAmount', currency: 'usd', value: { '@type': 'QuantitativeValue', value: '55.5', unitText: 'hour' } },
            datePosted: '2026-10-30T08:00:00-07:00',
            description: '<div><p>Design   <b>things</b> people use.</p><ul><li>Figma</li><li>User research</li></ul></div><script>track()</script>',
          },
        ],
      }),
  ),
  expected: {
    jobTitle: 'Product Designer',
    company: 'Globex',
    location: 'Remote (Canada, United States)',
    jobDescription: 'Design things people use.\n\n- Figma\n- User research',
    salaryMin: 56,
    salaryMax: 56,
    salaryPeriod: 'HOUR',
    salaryCurrency: 'USD',
    postedAt: '2026-10-30',
    deadline: null,
  },
};

/**
 * Workday: the page in ISO-8859-1 (so "Zürich" is one byte per letter), a WebSite block and a broken block before
 * the JobPosting, `schema.org` types spelled as URLs, the country an object, a plain-text description, no salary.
 */
export const WORKDAY = {
  body: Buffer.from(
    '<!DOCTYPE html><html><head><meta http-equiv="Content-Type" content="text/html; charset=ISO-8859-1"><title>Workday</title>' +
      jsonLd({ '@context': 'http://schema.org', '@type': 'WebSite', name: 'Initech Careers' }) +
      '<script type="application/ld+json">{ "broken": </script>' +
      jsonLd({
        '@context': 'http://schema.org',
        '@type': 'http://schema.org/JobPosting',
        title: 'Datenanalyst (m/w/d)',
        description: 'Sie analysieren Daten.\nSie berichten an die Leitung.',
        identifier: { '@type': 'PropertyValue', name: 'Initech AG', value: 'R-1234' },
        datePosted: '2026-11-20',
        employmentType: 'FULL_TIME',
        hiringOrganization: { '@type': 'Organization', name: 'Initech AG' },
        jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: 'Zürich', addressCountry: { '@type': 'Country', name: 'CH' } } },
      }) +
      '</head><body></body></html>',
    'latin1',
  ),
  contentType: 'text/html',
  expected: {
    jobTitle: 'Datenanalyst (m/w/d)',
    company: 'Initech AG',
    location: 'Zürich, CH',
    jobDescription: 'Sie analysieren Daten.\nSie berichten an die Leitung.',
    salaryMin: null,
    salaryMax: null,
    salaryPeriod: null,
    salaryCurrency: null,
    postedAt: '2026-11-20',
    deadline: null,
  },
};

/** No JSON-LD: OpenGraph gives the title, the company (site name) and the description. */
export const OPEN_GRAPH = {
  html: page(
    '<title>Staff Engineer | Hooli Careers</title><meta property="og:title" content="Staff Engineer">' +
      '<meta property="og:site_name" content="Hooli"><meta property="og:description" content="Join Hooli &amp; make the world a better place.">',
  ),
  expected: {
    jobTitle: 'Staff Engineer',
    company: 'Hooli',
    location: null,
    jobDescription: 'Join Hooli & make the world a better place.',
    salaryMin: null,
    salaryMax: null,
    postedAt: null,
  },
};

/** A page with a title and nothing that names the company. */
export const TITLE_ONLY = { html: page('<title>Careers – Backend Engineer</title>') };

/** A JobPosting whose description is long enough for autoPrepare. */
export const LONG_POSTING = {
  html: page(
    jsonLd({
      '@context': 'https://schema.org',
      '@type': 'JobPosting',
      title: 'Platform Engineer',
      hiringOrganization: { '@type': 'Organization', name: 'Umbrella' },
      description: `<p>${'We run Kubernetes, PostgreSQL and Go services for millions of users. '.repeat(10)}</p>`,
    }),
  ),
};
