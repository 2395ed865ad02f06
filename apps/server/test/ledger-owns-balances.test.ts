import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Only the ledger moves a balance (ADR 017). Every other module may read the cached balances on
 * `creators`, but a write of one anywhere else (a Kysely `.set()`/`.values()` naming it, or raw
 * SQL naming its column) fails here, so the cache and the entries cannot drift apart.
 */

const SOURCE_ROOT = path.resolve(import.meta.dirname, '../src');
const LEDGER_REPOSITORY = 'features/ledger/ledger-repository.ts';
const BALANCE_PROPERTIES = ['walletBalancePaise', 'receivablePaise', 'heldPaise'];
const BALANCE_COLUMNS = /\b(wallet_balance_paise|receivable_paise|held_paise)\b/;
const WRITING_CALLS = new Set(['set', 'values', 'doUpdateSet']);

/** Each place in `source` that writes a balance column, as `line: text`. */
export function balanceWrites(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const report = (node: ts.Node) => {
    const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
    found.push(`${line + 1}: ${node.getText(file).split('\n')[0] ?? ''}`);
  };
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      WRITING_CALLS.has(node.expression.name.text)
    ) {
      const names = node.arguments.some((argument) =>
        BALANCE_PROPERTIES.some((name) => argument.getText(file).includes(name)),
      );
      // A computed column (`{ [column]: … }`) on creators could be any of them.
      const computedOnCreators =
        /(updateTable|insertInto)\('creators'\)/.test(node.expression.expression.getText(file)) &&
        node.arguments.some((argument) => hasComputedKey(argument));
      if (names || computedOnCreators) report(node);
    }
    if ((ts.isTemplateLiteral(node) || ts.isStringLiteral(node)) && BALANCE_COLUMNS.test(node.getText(file))) {
      report(node);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function hasComputedKey(node: ts.Node): boolean {
  if (ts.isComputedPropertyName(node)) return true;
  return ts.forEachChild(node, (child) => (hasComputedKey(child) ? true : undefined)) ?? false;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
    .map((entry) => path.relative(SOURCE_ROOT, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((file) => !file.startsWith('db/migrations/'));
}

describe('the ledger owns every balance', () => {
  it('no module but the ledger writes a balance column', () => {
    const files = sourceFiles(SOURCE_ROOT);
    expect(files).toContain(LEDGER_REPOSITORY);
    const writes = files
      .filter((file) => file !== LEDGER_REPOSITORY)
      .flatMap((file) =>
        balanceWrites(file, readFileSync(path.join(SOURCE_ROOT, file), 'utf8')).map((at) => `${file}:${at}`),
      );
    expect(writes).toEqual([]);
    // The ledger's repository is where they are written: the check looks where it should.
    expect(
      balanceWrites(LEDGER_REPOSITORY, readFileSync(path.join(SOURCE_ROOT, LEDGER_REPOSITORY), 'utf8')),
    ).not.toEqual([]);
  });

  it('sees a write by Kysely or by raw SQL, and lets a read pass', () => {
    const planted = `
      await db.updateTable('creators').set({ walletBalancePaise: 0 }).execute();
      await db.insertInto('creators').values({ userId, heldPaise: 5 }).execute();
      await sql\`update creators set receivable_paise = 0\`.execute(db);
      await db.updateTable('creators').set((eb) => ({ [column]: eb(column, '+', 1) })).execute();
      await db.updateTable('creators').set({ name: 'Meera' }).execute();
      const row = await db.selectFrom('creators').select('walletBalancePaise').executeTakeFirst();
    `;
    expect(balanceWrites('planted.ts', planted).map((at) => at.split(':')[0])).toEqual(['2', '3', '4', '5']);
  });
});
