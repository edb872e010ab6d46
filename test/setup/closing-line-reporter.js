/**
 * Ends a run with the failing tests named one per line (file › test) and the plain closing line
 * `tests: N passed, N failed` that CI logs are read for, so a red run says what broke in its last lines.
 */
class ClosingLineReporter {
  onRunComplete(_contexts, results) {
    const failed = results.testResults.flatMap((file) => [
      ...(file.testExecError ? [`${file.testFilePath}: ${file.testExecError.message}`] : []),
      ...file.testResults.filter((test) => test.status === 'failed').map((test) => `${file.testFilePath} › ${test.fullName}`),
    ]);
    const root = `${process.cwd()}/`;
    for (const line of failed) process.stdout.write(`FAILED ${line.replace(root, '')}\n`);
    process.stdout.write(`tests: ${results.numPassedTests} passed, ${results.numFailedTests} failed\n`);
  }
}

module.exports = ClosingLineReporter;
