import type { Prompt } from '@modelcontextprotocol/sdk/types.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';

export interface McpPrompt extends Prompt {
  /** The tools the prompt cannot do without: it is offered only to a key that may call them all. */
  tools: string[];
  /** A refusal of arguments the list of required ones cannot express (one of two is needed); undefined when they do. */
  refuse?(args: Record<string, string>): string | undefined;
  /** Arguments filled in by calling tools with the caller's key (the default resume's id, say). */
  complete?(args: Record<string, string>, call: (tool: string, args: Record<string, unknown>) => Promise<unknown>): Promise<Record<string, string>>;
  /** Resources the prompt carries along (read with the caller's key, left out when it may not read them). */
  embeds(args: Record<string, string>): string[];
  instructions(args: Record<string, string>): string;
}

/** Prompts that help an agent use the tools well for the two tasks users ask for most. */
export const MCP_PROMPTS: McpPrompt[] = [
  {
    name: 'tailor_resume_to_job',
    title: 'Tailor my resume to this job',
    description:
      'Hands you the job and the resume, to rewrite the summary and bullets for the job with your own model; apply_tailoring ' +
      'saves the rewrite on a copy after the server checks that it invents nothing.',
    arguments: [
      { name: 'resumeId', description: 'The resume to start from (the default resume when left out)', required: false },
      { name: 'applicationId', description: 'The tracked application to tailor for (or give jobDescription)', required: false },
      { name: 'jobDescription', description: 'The job’s text, when it is not a tracked application', required: false },
    ],
    tools: ['get_resume', 'list_resumes', 'apply_tailoring'],
    refuse: ({ applicationId, jobDescription }) => (applicationId || jobDescription ? undefined : 'Missing argument applicationId or jobDescription'),
    complete: async (args, call) => {
      if (args.resumeId) return args;
      const resumes = (await call('list_resumes', { limit: 1, offset: 0 })) as { data: { id: string; isDefault: boolean }[] };
      const base = resumes.data.find((resume) => resume.isDefault);
      return base ? { ...args, resumeId: base.id } : args;
    },
    embeds: ({ applicationId, resumeId }) => [
      ...(applicationId ? [`career://applications/${applicationId}`] : []),
      ...(resumeId ? [`career://resumes/${resumeId}`] : []),
    ],
    instructions: ({ applicationId, jobDescription, resumeId }) =>
      `Tailor my resume${resumeId ? ` ${resumeId}` : ''} to ${applicationId ? `the job of application ${applicationId}` : 'this job'}.\n` +
      (jobDescription ? `The job:\n${jobDescription}\n` : '') +
      '1. Read the job and the resume given above (content.summary, and content.sections.experiences and projects with their ids).\n' +
      '2. List the skills, tools and experience the job asks for, and which of them my resume already shows.\n' +
      '3. Rewrite the summary, and for each experience its description, responsibilities and achievements (for a project its ' +
      'description), so that what the job asks for and the resume shows comes first, in the job’s words. Keep the number of bullets.\n' +
      '4. Never add an employer, title, date, degree, certificate, number, metric, URL or skill that the resume does not already ' +
      'show: the server drops every sentence that does.\n' +
      `5. Save it with apply_tailoring (id: the resume; ${applicationId ? `applicationId: ${applicationId}` : 'jobDescription and jobTitle: the job'}; ` +
      'summary; items: [{id, description, responsibilities, achievements}]). It makes a tailored copy and answers a report.\n' +
      '6. Tell me what changed, which sentences the server rejected and why (report.rejections), and what the job asks for that ' +
      'my resume still lacks (report.missing); ask me before adding anything I have not said I have.',
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
  const refusal = prompt.refuse?.(args);
  if (refusal) throw new McpError(ErrorCode.InvalidParams, refusal);
  return prompt;
}

export function promptListing({
  tools: _tools,
  refuse: _refuse,
  complete: _complete,
  embeds: _embeds,
  instructions: _instructions,
  ...prompt
}: McpPrompt): Prompt {
  return prompt;
}
