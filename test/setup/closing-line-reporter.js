/**
 * Ends a run with its slowest test files (where the time goes), the failing tests named one per line
 * (file › test), and the plain closing line `tests: N passed, N failed` that CI logs are read for, so a red run
 * says what broke in its last lines.
 */
class ClosingLineReporter {
  onRunComplete(_contexts, results) {
    const root = `${process.cwd()}/`;
    const relative = (path) => path.replace(root, '');
    const slowest = results.testResults
      .filter((file) => file.perfStats.end > 0)
      .map((file) => ({ path: relative(file.testFilePath), seconds: (file.perfStats.end - file.perfStats.start) / 1000 }))
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, 15);
    if (slowest.length > 0) {
      process.stdout.write('slowest files:\n');
      for (const { path, seconds } of slowest) process.stdout.write(`${seconds.toFixed(1).padStart(7)} s  ${path}\n`);
    }
    const failed = results.testResults.flatMap((file) => [
      ...(file.testExecError ? [`${file.testFilePath}: ${file.testExecError.message}`] : []),
      ...file.testResults.filter((test) => test.status === 'failed').map((test) => `${file.testFilePath} › ${test.fullName}`),
    ]);
    for (const line of failed) process.stdout.write(`FAILED ${relative(line)}\n`);
    process.stdout.write(`tests: ${results.numPassedTests} passed, ${results.numFailedTests} failed\n`);
  }
}

module.exports = ClosingLineReporter;
