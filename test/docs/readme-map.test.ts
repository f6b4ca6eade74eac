import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The README is the front door: short, and its map reaches every page of docs/. Every relative link
// of the README and of docs/ names a file that exists, and a heading of it when it names one.

const root = path.resolve(import.meta.dirname, '../..');
const MAX_README_LINES = 400;

function markdownUnder(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return markdownUnder(rel);
    return entry.name.endsWith('.md') ? [rel] : [];
  });
}

const DOCS = markdownUnder('docs');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** The text without fenced code blocks and inline code spans, where brackets are not links. */
function prose(text: string): string {
  return text.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens; repeats numbered. */
function anchors(file: string): Set<string> {
  const seen = new Map<string, number>();
  const found = new Set<string>();
  const text = read(file).replace(/^```[\s\S]*?^```/gm, '');
  for (const match of text.matchAll(/^#{1,6} (.+)$/gm)) {
    const base = match[1]!
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N} _-]/gu, '')
      .replace(/ /g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    found.add(n === 0 ? base : `${base}-${n}`);
  }
  return found;
}

/** Every relative link target of a page: markdown links and images, and HTML src/href. */
function links(file: string): string[] {
  const text = prose(read(file));
  const targets = [
    ...[...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!),
    ...[...text.matchAll(/\b(?:src|href)="([^"]+)"/g)].map((m) => m[1]!),
  ];
  return targets.filter((t) => !/^[a-z][a-z0-9+.-]*:/i.test(t));
}

/** Why a link of `from` does not resolve, or undefined when it does. */
function problem(from: string, target: string): string | undefined {
  const [file, anchor] = target.split('#') as [string, string | undefined];
  const resolved = file === '' ? from : path.posix.normalize(path.posix.join(path.posix.dirname(from), file));
  if (resolved.startsWith('..') || !existsSync(path.join(root, resolved))) return `${target}: no file ${resolved}`;
  if (anchor === undefined || !resolved.endsWith('.md') || statSync(path.join(root, resolved)).isDirectory()) {
    return undefined;
  }
  return anchors(resolved).has(anchor) ? undefined : `${target}: no heading #${anchor} in ${resolved}`;
}

describe('the README as the front door', () => {
  it(`is under ${MAX_README_LINES} lines`, () => {
    expect(read('README.md').split('\n').length).toBeLessThan(MAX_README_LINES);
  });

  it('links every page of docs/', () => {
    const linked = new Set(links('README.md').map((t) => t.split('#')[0]));
    expect(DOCS.filter((page) => !linked.has(page))).toEqual([]);
  });

  it.each(['README.md', ...DOCS])('every relative link of %s names a file and heading that exist', (page) => {
    const found = links(page);
    const broken = found.map((target) => problem(page, target)).filter((p) => p !== undefined);
    expect(broken).toEqual([]);
  });

  it('a broken link or anchor is noticed', () => {
    expect(problem('README.md', 'docs/nowhere.md')).toMatch(/no file/);
    expect(problem('README.md', 'docs/world.md#no-such-heading')).toMatch(/no heading/);
    expect(problem('README.md', 'docs/world.md#the-world')).toBeUndefined();
    expect(problem('docs/guides/sales.md', '../../README.md#first-calls')).toBeUndefined();
  });
});
