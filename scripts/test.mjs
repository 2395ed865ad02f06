// npm test: every check and every suite, as CI runs them. Steps that do not depend on each other
// run at the same time, in stages (a stage starts when the one before it has ended):
//
//   1. lint + format + types · feature borders and import circles · unit and integration tests
//      on SQLite · the build of server and web
//   2. the crash-safety rounds · the server tests again on a private PostgreSQL with S3 storage
//   3. the browser journeys against the built app on the embedded defaults
//   4. the journeys that a second process, PostgreSQL or S3 can change, in that production shape
//
// Together the two browser runs take every journey at both widths once, and the production-shape
// ones in both shapes (e2e/shapes.ts). The browser runs go one after the other: side by side they
// took as long, on a machine busier than the journeys' waits are made for.
//
// Nothing shares a port, a data folder or a database: every step picks free ports and temp
// folders of its own (the PostgreSQL cluster and the S3 server belong to the step that starts
// them). Steps of a stage that runs several print their output whole when they end, so it never
// interleaves. Everything runs even after a failure so one run shows all problems; the summary
// gives each step's time, the slowest test files and journeys, and the total; the exit code is
// non-zero if anything failed.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { banner, ensureChromium, root } from './lib.mjs';

// Playwright empties its output folder (test-results) when it starts, so reports live apart.
const reports = path.join(root, 'test-reports');
fs.mkdirSync(reports, { recursive: true });
const vitestJson = (name) => ['--reporter=default', '--reporter=json', `--outputFile.json=${path.join(reports, name)}`];
const node = process.execPath;
const inPostgresAndS3 = (...command) => ['scripts/with-postgres.mjs', node, 'scripts/with-s3.mjs', ...command];

const stages = [
  [
    { name: 'check (lint, format, types)', command: 'npm', args: ['run', 'check', '--silent'] },
    // About 3 s: dependency-cruiser over server, web and contracts (.dependency-cruiser.mjs).
    { name: 'borders (features, circles)', command: 'npm', args: ['run', 'borders', '--silent'] },
    {
      name: 'unit + integration (SQLite)',
      command: 'npx',
      args: ['vitest', 'run', ...vitestJson('vitest-sqlite.json')],
      report: 'vitest-sqlite.json',
    },
    // Once for every later step: the crash test and both browser runs start the built server.
    { name: 'build (server and web)', command: node, args: ['scripts/build-if-needed.mjs'] },
  ],
  [
    // No JSON report: it counts as a failure only by its exit code.
    { name: 'crash safety (SQLite, 20 rounds)', command: node, args: ['scripts/crash-test.mjs', '--rounds', '20'] },
    {
      name: 'server integration (PostgreSQL + S3)',
      command: node,
      args: inPostgresAndS3('npx', 'vitest', 'run', '--project', 'server', ...vitestJson('vitest-postgres.json')),
      report: 'vitest-postgres.json',
    },
  ],
  [
    {
      // Every journey at 360 px, and at 1280 px all but the production-shape ones (e2e/shapes.ts).
      name: 'browser journeys (Playwright)',
      command: node,
      args: ['scripts/e2e.mjs'],
      env: { E2E_SHAPE: 'defaults' },
      report: 'e2e-report.json',
    },
  ],
  [
    {
      // The journeys a second process, PostgreSQL or S3 can change, at 1280 px.
      name: 'browser journeys (PG + S3, 2 workers)',
      command: node,
      args: inPostgresAndS3(node, 'scripts/e2e.mjs', '--scaled'),
      report: 'e2e-scaled-report.json',
    },
  ],
];

const startedAt = Date.now();
// Before anything runs at the same time: both browser runs would otherwise install it at once.
await ensureChromium();
const outcomes = [];
for (const stage of stages) {
  const together = stage.length > 1;
  if (together) banner(`Running at the same time: ${stage.map((step) => step.name).join(' · ')}`);
  outcomes.push(...(await Promise.all(stage.map((step) => runStep(step, { captured: together })))));
}
const totalSeconds = (Date.now() - startedAt) / 1000;

banner('Where the time goes');
for (const outcome of outcomes) {
  if (outcome.slowest === null || outcome.slowest.length === 0) continue;
  console.log(`\n${outcome.name}: the ${outcome.slowest.length} slowest ${outcome.slowestOf}`);
  for (const { seconds, label } of outcome.slowest) console.log(`  ${seconds.toFixed(1).padStart(6)}s  ${label}`);
}

banner('Summary');
const total = { passed: 0, failed: 0, skipped: 0 };
for (const outcome of outcomes) {
  const status = outcome.code === 0 ? 'ok  ' : 'FAIL';
  let detail = '';
  if (outcome.counts) {
    detail = `${outcome.counts.passed} passed, ${outcome.counts.failed} failed, ${outcome.counts.skipped} skipped`;
    for (const key of Object.keys(total)) total[key] += outcome.counts[key];
  } else if (outcome.code !== 0) {
    // A step that failed before reporting (lint, a cluster that would not start) is still a failure.
    detail = outcome.report ? 'failed before reporting' : 'failed';
    total.failed += 1;
  } else if (outcome.report) {
    detail = 'SKIPPED (see above)';
  }
  console.log(`${status} ${outcome.name.padEnd(40)} ${detail.padEnd(36)} ${outcome.seconds.toFixed(0)}s`);
}
console.log(`\nTotal: ${formatDuration(totalSeconds)} (steps of a stage run at the same time)`);
// Named here, next to the counts: CI may keep only the end of the output.
const failures = outcomes.flatMap((outcome) =>
  (outcome.failures ?? []).map((failure) => ({ ...failure, step: outcome.name })),
);
if (failures.length > 0) {
  console.log(`\nWhat failed (${failures.length}):`);
  for (const { step, label, reason } of failures.slice(0, 20)) console.log(`  ${step}: ${label}\n      ${reason}`);
}
const failedSteps = outcomes.filter((outcome) => outcome.code !== 0).length;
if (failedSteps > 0) console.error(`\n${failedSteps} step(s) failed.`);
// Keep this line last and in this form: CI reads it.
console.log(`\ntests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(failedSteps > 0 ? 1 : 0);

/**
 * Runs one step. With `captured`, its output is kept and printed in one piece when it ends;
 * otherwise it goes straight to the terminal. Its report is read at once, before a later
 * step can replace it.
 */
async function runStep(step, { captured }) {
  if (step.report) fs.rmSync(path.join(reports, step.report), { force: true });
  if (!captured) banner(step.name);
  const started = Date.now();
  const code = await new Promise((resolve) => {
    const child = spawn(step.command, step.args, {
      cwd: root,
      stdio: captured ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: {
        ...process.env,
        FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0'),
        ...step.env,
      },
    });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('error', (error) => {
      output.push(Buffer.from(`Could not run ${step.command}: ${error.message}\n`));
    });
    child.on('close', (exitCode, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      if (captured) {
        banner(`${step.name} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve(exitCode ?? (signal ? 128 + 15 : 1));
    });
  });
  const report = step.report ? readReport(step.report) : null;
  return {
    ...step,
    code,
    seconds: (Date.now() - started) / 1000,
    counts: report?.counts ?? null,
    slowest: report?.slowest ?? null,
    slowestOf: report?.slowestOf ?? '',
    failures: report?.failures ?? [],
  };
}

/** Counts and the slowest files (Vitest) or journeys (Playwright) from a JSON report. */
function readReport(file) {
  const full = path.join(reports, file);
  if (!fs.existsSync(full)) return null;
  const report = JSON.parse(fs.readFileSync(full, 'utf8'));
  if (report.stats) {
    // Playwright: flaky tests passed on retry, but we run without retries.
    return {
      counts: {
        passed: report.stats.expected,
        failed: report.stats.unexpected + report.stats.flaky,
        skipped: report.stats.skipped,
      },
      slowest: slowestJourneys(report),
      slowestOf: 'journeys',
      failures: failedJourneys(report),
    };
  }
  return {
    counts: {
      passed: report.numPassedTests,
      failed: report.numFailedTests,
      skipped: report.numPendingTests + report.numTodoTests,
    },
    slowest: top(
      report.testResults.map((result) => ({
        seconds: (result.endTime - result.startTime) / 1000,
        label: path.relative(root, result.name),
      })),
    ),
    slowestOf: 'test files (time in the file, after its imports)',
    failures: report.testResults.flatMap((result) =>
      (result.assertionResults ?? [])
        .filter((test) => test.status === 'failed')
        .map((test) => ({
          label: `${path.relative(root, result.name)} › ${test.fullName}`,
          reason: firstLine(test.failureMessages?.[0]),
        })),
    ),
  };
}

/** Journeys that failed, or passed only on a retry, with the first line of their first error. */
function failedJourneys(report) {
  const failed = [];
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const error = test.results.find((result) => result.error)?.error;
        failed.push({
          label: `[${test.projectName}] ${spec.file} › ${[...titles, spec.title].join(' › ')}`,
          reason: firstLine(error?.message),
        });
      }
    }
    for (const child of suite.suites ?? [])
      visit(child, child.title === child.file ? titles : [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) visit(suite, []);
  return failed;
}

function firstLine(text) {
  // eslint-disable-next-line no-control-regex -- colour codes in the reporters' messages
  const plain = String(text ?? 'no message').replace(/\u001b\[[0-9;]*m/g, '');
  return (
    plain
      .split('\n')
      .find((line) => line.trim() !== '')
      ?.trim()
      .slice(0, 240) ?? 'no message'
  );
}

function slowestJourneys(report) {
  const journeys = [];
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const seconds = test.results.reduce((sum, result) => sum + result.duration, 0) / 1000;
        journeys.push({
          seconds,
          label: `[${test.projectName}] ${spec.file} › ${[...titles, spec.title].join(' › ')}`,
        });
      }
    }
    for (const child of suite.suites ?? [])
      visit(child, child.title === child.file ? titles : [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) visit(suite, []);
  return top(journeys);
}

function top(entries, count = 10) {
  return entries.sort((a, b) => b.seconds - a.seconds).slice(0, count);
}

function formatDuration(seconds) {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${whole % 60} s`;
}
