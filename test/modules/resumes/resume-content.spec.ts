import { inOrder, resolveResumeContent, ResumeContentSources } from '@src/modules/resumes/resume-content';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function sources(
  overrides: { resume?: Partial<ResumeContentSources['resume']>; sections?: Partial<ResumeContentSources['sections']> } = {},
): ResumeContentSources {
  return {
    resume: {
      jobTitle: null,
      hiddenItems: {},
      itemOrder: {},
      selectedSummaryId: null,
      personalOverrides: {},
      optionalFields: {},
      sectionOrder: [],
      ...overrides.resume,
    },
    profile: {
      fullName: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '+44 1',
      address: 'London',
      links: [{ label: 'Site', url: 'https://ada.example' }],
      photoUrl: 'https://img.example/ada.png',
      jobTitle: 'Analyst',
    },
    sections: {
      experiences: [],
      education: [],
      skills: [],
      summaries: [],
      projects: [],
      certificates: [],
      awards: [],
      publications: [],
      interests: [],
      ...overrides.sections,
    },
    customSections: [],
  };
}

describe('resolveResumeContent', () => {
  it("takes the identity from the profile, with the resume's jobTitle over the profile's", () => {
    expect(resolveResumeContent(sources()).identity).toEqual({
      fullName: 'Ada Lovelace',
      jobTitle: 'Analyst',
      email: 'ada@example.com',
      phone: '+44 1',
      address: 'London',
      photoUrl: 'https://img.example/ada.png',
      links: [{ label: 'Site', url: 'https://ada.example' }],
    });
    expect(resolveResumeContent(sources({ resume: { jobTitle: 'Engineer' } })).identity.jobTitle).toBe('Engineer');
  });

  it('blanks the identity fields optionalFields turns off, and only those', () => {
    const identity = resolveResumeContent(sources({ resume: { optionalFields: { email: false, photo: false, links: false, phone: true } } })).identity;
    expect(identity).toMatchObject({ email: null, photoUrl: null, links: [], phone: '+44 1', address: 'London' });
  });

  it('removes hidden items and orders the rest by itemOrder, unlisted ones after in default order', () => {
    const experiences = [1, 2, 3, 4, 5].map((n) => ({ id: id(n), jobTitle: `E${n}` }));
    const content = resolveResumeContent(
      sources({
        resume: { hiddenItems: { experiences: [id(2)] }, itemOrder: { experiences: [id(4), id(2), id(9), id(1)] } },
        sections: { experiences },
      }),
    );
    expect(content.sections.experiences.map((item) => item.jobTitle)).toEqual(['E4', 'E1', 'E3', 'E5']);
  });

  it('keeps hiding and ordering per section', () => {
    const content = resolveResumeContent(
      sources({
        resume: { hiddenItems: { skills: [id(1)] } },
        sections: { skills: [{ id: id(1), name: 'S', category: null }], interests: [{ id: id(1), name: 'Same id, other section' }] },
      }),
    );
    expect(content.sections.skills).toEqual([]);
    expect(content.sections.interests).toHaveLength(1);
  });

  it('groups skills by the itemOrder.skillCategories order, keeping the item order within a group', () => {
    const skills = [
      { id: id(1), name: 'Go', category: 'TECHNICAL' },
      { id: id(2), name: 'Teamwork', category: 'SOFT' },
      { id: id(3), name: 'German', category: 'LANGUAGE' },
      { id: id(4), name: 'Rust', category: 'TECHNICAL' },
      { id: id(5), name: 'Uncategorised', category: null },
    ];
    const content = resolveResumeContent(
      sources({ resume: { itemOrder: { skills: [id(4)], skillCategories: ['LANGUAGE', 'TECHNICAL'] } }, sections: { skills } }),
    );
    expect(content.sections.skills.map((skill) => skill.name)).toEqual(['German', 'Rust', 'Go', 'Teamwork', 'Uncategorised']);
  });

  it('shows the summary override, else the selected summary of this resume, else none', () => {
    const summaries = [
      { id: id(1), title: null, content: 'First' },
      { id: id(2), title: 'Chosen', content: 'Second' },
    ];
    expect(resolveResumeContent(sources({ sections: { summaries } })).summary).toBeNull();
    expect(resolveResumeContent(sources({ resume: { selectedSummaryId: id(2) }, sections: { summaries } })).summary).toBe('Second');
    expect(resolveResumeContent(sources({ resume: { selectedSummaryId: id(9) }, sections: { summaries } })).summary).toBeNull();
    expect(
      resolveResumeContent(sources({ resume: { selectedSummaryId: id(2), personalOverrides: { summary: 'Mine' } }, sections: { summaries } })).summary,
    ).toBe('Mine');
    expect(resolveResumeContent(sources({ resume: { selectedSummaryId: id(2), personalOverrides: { summary: null } }, sections: { summaries } })).summary).toBe(
      'Second',
    );
  });

  it('resolves custom sections under their customSection:<id> keys, and orders the sections', () => {
    const input = sources({
      resume: {
        hiddenItems: { [`customSection:${id(7)}`]: [id(1)] },
        itemOrder: { [`customSection:${id(7)}`]: [id(3)] },
        sectionOrder: ['skills', `customSection:${id(7)}`, `customSection:${id(8)}`],
      },
    });
    input.customSections = [
      { id: id(7), title: 'Talks', enabledFields: ['title'], items: [1, 2, 3].map((n) => ({ id: id(n), title: `T${n}` })) },
      { id: id(6), title: 'Other', enabledFields: ['title'], items: [] },
    ];
    const content = resolveResumeContent(input);
    expect(content.customSections[0].items.map((item) => item.title)).toEqual(['T3', 'T2']);
    expect(content.sectionOrder).toEqual([
      'skills',
      `customSection:${id(7)}`,
      'summary',
      'experiences',
      'education',
      'projects',
      'certificates',
      'awards',
      'publications',
      'interests',
      `customSection:${id(6)}`,
    ]);
  });

  it('lists no summaries section: a resume shows one summary', () => {
    expect(Object.keys(resolveResumeContent(sources()).sections)).toEqual([
      'experiences',
      'education',
      'skills',
      'projects',
      'certificates',
      'awards',
      'publications',
      'interests',
    ]);
  });
});

describe('inOrder', () => {
  it('puts listed keys first in their order, the rest after in their original order, ignoring unknown keys', () => {
    expect(inOrder(['a', 'b', 'c', 'd'], ['c', 'x', 'a'], (entry) => entry)).toEqual(['c', 'a', 'b', 'd']);
    expect(inOrder(['a', 'b'], [], (entry) => entry)).toEqual(['a', 'b']);
  });
});
