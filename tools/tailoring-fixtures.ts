/**
 * `npm run -s tailoring:fixtures`: what the rules engine makes of each of the thirteen job ads × three resumes in
 * test/fixtures/tailoring/, as the Markdown table committed in docs/tailoring.md. Pure: no database, no network.
 */
import { extractRequirements } from '../src/modules/tailoring/job-requirements';
import { planTailoring, relevance, tailorableResume, TAILORED_SECTIONS } from '../src/modules/tailoring/tailoring-plan';
import { pairsTable, runAllPairs } from '../test/fixtures/tailoring/fixture-pairs';

console.log(pairsTable(runAllPairs({ extractRequirements, planTailoring, relevance, tailorableResume, TAILORED_SECTIONS })));
