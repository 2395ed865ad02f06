// The results: one record per figure, a Markdown table for the terminal and the README, and
// bench/results.json.
import fs from 'node:fs';
import os from 'node:os';

export const README_START = '<!-- bench:start -->';
export const README_END = '<!-- bench:end -->';

/**
 * One measured figure. `ratio` is Kholo ÷ baseline, left out where it means nothing (memory
 * growth of a few MB against a baseline's fraction of one); `pass` is null when the figure has
 * no budget (DESIGN §9 budgets only some of them).
 */
export function figure({
  name,
  value,
  unit,
  baseline = null,
  baselineName = null,
  withRatio = true,
  budget = null,
  pass = null,
  details,
}) {
  return {
    name,
    value,
    unit,
    baseline,
    baselineName,
    ratio: !withRatio || baseline === null || baseline === 0 ? null : value / baseline,
    budget,
    pass,
    details: details ?? {},
  };
}

function formatNumber(value) {
  if (value === null || value === undefined || Number.isNaN(value)) return '—';
  if (Number.isInteger(value)) return value.toLocaleString('en-IN');
  if (Math.abs(value) >= 100) return Math.round(value).toLocaleString('en-IN');
  if (Math.abs(value) >= 10) return value.toFixed(1);
  return value.toFixed(2);
}

function withUnit(value, unit) {
  return value === null || value === undefined ? '—' : `${formatNumber(value)} ${unit}`;
}

export function markdownTable(figures) {
  const rows = [
    '| figure | Kholo | baseline | ratio | budget | ok |',
    '|---|--:|--:|--:|---|:-:|',
    ...figures.map((entry) => {
      const baseline =
        entry.baseline === null ? '—' : `${withUnit(entry.baseline, entry.unit)} (${entry.baselineName})`;
      const ratio = entry.ratio === null ? '—' : `${entry.ratio.toFixed(2)}×`;
      const ok = entry.pass === null ? '—' : entry.pass ? 'yes' : '**NO**';
      return `| ${entry.name} | ${withUnit(entry.value, entry.unit)} | ${baseline} | ${ratio} | ${entry.budget ?? '—'} | ${ok} |`;
    }),
  ];
  return rows.join('\n');
}

export function machine() {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? 'unknown',
    memoryGb: Math.round(os.totalmem() / 1024 ** 3),
    node: process.version,
    platform: `${os.type()} ${os.release()}`,
    loadAverageAtStart: os.loadavg().map((value) => Number(value.toFixed(2))),
  };
}

export function writeResults(file, { date, machineInfo, setup, figures, seconds }) {
  fs.writeFileSync(file, `${JSON.stringify({ date, machine: machineInfo, setup, seconds, figures }, null, 2)}\n`);
}

/**
 * Rewrites the part of README.md between the bench markers; the rest of the file is left as it
 * is. Returns false when the markers are missing.
 */
export function updateReadme(file, { date, machineInfo, setup, table }) {
  const text = fs.readFileSync(file, 'utf8');
  const start = text.indexOf(README_START);
  const end = text.indexOf(README_END);
  if (start === -1 || end === -1 || end < start) return false;
  const block = [
    README_START,
    `Measured by \`npm run bench\` on ${date.slice(0, 10)}: ${machineInfo.cpus} CPUs (${machineInfo.cpuModel}), Node ${machineInfo.node}, load average ${machineInfo.loadAverageAtStart.join(' / ')} at the start; ${setup.database}, media on ${setup.storage}, video tools ${setup.videoTools}.`,
    '',
    table,
    README_END,
  ].join('\n');
  fs.writeFileSync(file, text.slice(0, start) + block + text.slice(end + README_END.length));
  return true;
}
