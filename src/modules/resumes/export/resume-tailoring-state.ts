/**
 * Whether an autoPrepare job is still tailoring a resume, as a port: the tracker owns the applications that say so
 * and provides it (ResumeExportsModule.forRoot names the module), because the tracker imports resumes and so resumes
 * cannot import the tracker. An abstract class rather than an interface, so that it is its own injection token.
 */
export abstract class ResumeTailoringState {
  /** True while an application linked to the resume has its tailoring pending. */
  abstract isTailoring(accountId: string, resumeId: string): Promise<boolean>;
}
