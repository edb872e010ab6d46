import { groundedText, resumeEvidence } from '@src/modules/tailoring/grounding';

const evidence = resumeEvidence([
  'Data Engineer',
  'Streamly',
  'Built Spark and Airflow pipelines in Python on AWS.',
  'Cut nightly batch time from 6 hours to 2 hours',
  'Reviewed designs with two engineers',
  'https://github.com/ada/kafka-connector',
  'BSc Computer Science',
  'TU Berlin',
  '2019-01',
]);

describe('grounding: a rewrite says only what the resume shows', () => {
  it.each([
    ['rephrases what the resume says', 'Built batch and streaming pipelines with Spark and Airflow in Python on AWS.'],
    ['repeats its numbers, written as they are', 'Cut nightly batch time from 6 hours to 2 hours with Spark.'],
    ['names its employer and title', 'Data Engineer at Streamly building Spark pipelines.'],
    ['repeats a number written in words', 'Reviewed pipeline designs with two engineers.'],
    ['repeats its URL and degree', 'Published the connector at https://github.com/ada/kafka-connector after a BSc at TU Berlin.'],
  ])('keeps a sentence that %s', (_case, sentence) => {
    expect(groundedText(sentence, evidence)).toEqual({ kept: sentence, rejections: [] });
  });

  it.each([
    ['an employer', 'Led the data platform at Netflix.', 'employer or name', 'Netflix'],
    ['a title', 'Promoted to Staff Engineer.', 'title', 'Staff Engineer'],
    ['a metric', 'Cut cloud costs by 40%.', 'number', '40%'],
    ['an amount in words', 'Mentored three engineers.', 'number', 'three'],
    ['a date', 'Shipped the platform in March 2021.', 'date', 'March 2021'],
    ['a degree', 'Holds a Master in statistics.', 'degree', 'Master'],
    ['a certificate', 'Certified in cloud architecture.', 'certificate', 'Certified'],
    ['a URL', 'See www.example.com for details.', 'url', 'www.example.com'],
    ['a skill', 'Ran Kubernetes clusters for the pipelines.', 'skill', 'Kubernetes'],
  ])('drops a sentence that adds %s, saying which', (_case, sentence, violation, value) => {
    const { kept, rejections } = groundedText(sentence, evidence);
    expect(kept).toBeNull();
    expect(rejections).toEqual([{ sentence, violations: expect.arrayContaining([violation]), reason: expect.stringContaining(`“${value}”`) }]);
  });

  it('drops only the sentences that invent, and keeps the rest of the text', () => {
    const { kept, rejections } = groundedText('Built Spark pipelines on AWS. Saved $2M a year. Reviewed designs with two engineers.', evidence);
    expect(kept).toBe('Built Spark pipelines on AWS. Reviewed designs with two engineers.');
    expect(rejections.map((rejection) => rejection.sentence)).toEqual(['Saved $2M a year.']);
  });
});
