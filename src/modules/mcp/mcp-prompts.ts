import type { Prompt } from '@modelcontextprotocol/sdk/types.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';

export interface McpPrompt extends Prompt {
  /** The tools the prompt cannot do without: it is offered only to a key that may call them all. */
  tools: string[];
  /** Resources the prompt carries along (read with the caller's key, left out when it may not read them). */
  embeds(args: Record<string, string>): string[];
  instructions(args: Record<string, string>): string;
}

/** Prompts that help an agent use the tools well for the two tasks users ask for most. */
export const MCP_PROMPTS: McpPrompt[] = [
  {
    name: 'tailor_resume_to_job',
    title: 'Tailor my resume to this job',
    description: 'Walks through adapting a copy of the resume to one tracked application, without inventing experience.',
    arguments: [
      { name: 'applicationId', description: 'The tracked application to tailor for', required: true },
      { name: 'resumeId', description: 'The resume to start from (the default resume when left out)', required: false },
    ],
    tools: ['get_application', 'list_resumes', 'get_resume', 'create_resume', 'update_resume'],
    embeds: ({ applicationId }) => [`career://applications/${applicationId}`],
    instructions: ({ applicationId, resumeId }) =>
      `Tailor my resume to the job of application ${applicationId}.\n` +
      `1. Read the job with get_application and ${resumeId ? `the resume ${resumeId}` : 'my default resume (list_resumes, then get_resume)'}.\n` +
      '2. List the skills, tools and experience the job asks for, and which of them my resume already shows.\n' +
      '3. Make a copy with create_resume (name it after the company and role), then with update_resume: put the most ' +
      'relevant experiences, projects and skills first (itemOrder), hide clearly unrelated items (hiddenItems; keep my ' +
      'two most recent jobs), select the best summary, and set jobTitle to the role.\n' +
      '4. Where a requirement is missing, ask me whether I have it before adding anything with add_section_item. ' +
      'Never invent employers, dates, degrees or results.\n' +
      '5. Summarize what you changed and what the job asks for that my resume still lacks.',
  },
  {
    name: 'prepare_for_interview',
    title: 'Prepare me for this interview',
    description: 'Builds a preparation plan for an application’s next interview from the job, the resume and the interviewer.',
    arguments: [{ name: 'applicationId', description: 'The application whose interview is coming', required: true }],
    tools: ['get_application', 'get_resume'],
    embeds: ({ applicationId }) => [`career://applications/${applicationId}`],
    instructions: ({ applicationId }) =>
      `Prepare me for the next interview of application ${applicationId}.\n` +
      '1. Read the application with get_application: the job description, its interviews (round, type, date, ' +
      'interviewer) and the tailored resume it links (cvId; read it with get_resume).\n' +
      '2. For the interview type, list the questions I am likely to get, tied to the job’s main requirements.\n' +
      '3. For each, point to an experience or project of my resume I can tell as a STAR story, and say where a ' +
      'story is missing.\n' +
      '4. Suggest five questions I could ask the interviewer, fitted to their role if a contact is given.\n' +
      '5. Offer to save a short preparation summary in the interview’s notes with update_interview.',
  },
];

export function findPrompt(name: string, args: Record<string, string>): McpPrompt {
  const prompt = MCP_PROMPTS.find((candidate) => candidate.name === name);
  if (!prompt) throw new McpError(ErrorCode.InvalidParams, `Unknown prompt ${name}`);
  for (const argument of prompt.arguments ?? []) {
    if (argument.required && !args[argument.name]) throw new McpError(ErrorCode.InvalidParams, `Missing argument ${argument.name}`);
  }
  return prompt;
}

export function promptListing({ tools: _tools, embeds: _embeds, instructions: _instructions, ...prompt }: McpPrompt): Prompt {
  return prompt;
}
