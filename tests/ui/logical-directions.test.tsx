/**
 * Right-to-left (issue 20): the UI's layout is written in logical properties, so `<html dir="rtl">`
 * mirrors it. A physical direction (margin-left, right: 0, text-align: left, a four-value padding
 * whose sides differ...) lays Arabic out as English; this test names each one that comes back.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const UI = path.join(__dirname, '../../ui/src');

/**
 * Physical directions that must stay so, each with its reason: `file: text of the declaration`.
 * Empty today; an entry that no longer matches anything fails below, so the list cannot go stale.
 */
const KEPT_PHYSICAL: Record<string, string> = {};

function filesUnder(dir: string, ending: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full, ending);
    return entry.name.endsWith(ending) ? [full] : [];
  });
}

const relative = (file: string) => path.relative(UI, file).split(path.sep).join('/');

/** Top, right, bottom, left by position: physical when the two horizontal sides differ. */
const SIDED_SHORTHAND = /^(margin|padding|inset|scroll-margin|scroll-padding|border-width|border-style|border-color)$/;
const PHYSICAL_PROPERTY =
  /^(left|right|(margin|padding|border|scroll-margin|scroll-padding)-(left|right)(-.+)?|border-(top|bottom)-(left|right)-radius)$/;
const PHYSICAL_VALUE: Record<string, RegExp> = {
  'text-align': /^(left|right)$/,
  float: /^(left|right)$/,
  clear: /^(left|right)$/,
};

/** Splits a value on spaces outside parentheses: `calc(-1 * x) 0` is two values. */
function valuesOf(value: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of value.trim()) {
    if (ch === '(') depth += 1;
    if (ch === ')') depth -= 1;
    if (/\s/.test(ch) && depth === 0) {
      if (current) parts.push(current);
      current = '';
    } else current += ch;
  }
  if (current) parts.push(current);
  return parts;
}

/** Why one declaration is physical, or null. `property` is in CSS spelling (margin-left). */
function physicalIn(property: string, value: string): string | null {
  const v = value.trim();
  if (PHYSICAL_PROPERTY.test(property)) return `${property} is physical`;
  if (PHYSICAL_VALUE[property]?.test(v)) return `${property}: ${v} is physical`;
  if (SIDED_SHORTHAND.test(property)) {
    const parts = valuesOf(v);
    if (parts.length === 4 && parts[1] !== parts[3]) return `${property} with different right and left sides`;
  }
  if (property === 'border-radius') {
    const corners = valuesOf(v.split('/')[0] ?? '');
    if (new Set(corners).size > 1) return 'border-radius with different corners (use border-start-start-radius...)';
  }
  // A horizontal slide goes the wrong way in right-to-left unless a custom property turns it.
  const x = horizontalSlide(v);
  if (x !== null && !/^-?0(%|px)?$/.test(x) && !x.includes('var(--')) return `a slide of ${x} does not follow the direction`;
  return null;
}

/** The x of `translateX(x)` or `translate(x, y)`, nested parentheses included; null without one. */
function horizontalSlide(value: string): string | null {
  const m = /translate(X)?\(/.exec(value);
  if (!m) return null;
  const start = m.index + m[0].length;
  let depth = 1;
  for (let i = start; i < value.length; i += 1) {
    if (value[i] === '(') depth += 1;
    if (value[i] === ')') depth -= 1;
    if ((depth === 0 || (depth === 1 && value[i] === ',' && !m[1])) && i > start) return value.slice(start, i).trim();
  }
  return null;
}

interface Finding {
  where: string;
  declaration: string;
  why: string;
}

function cssFindings(file: string): Finding[] {
  const text = fs.readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '));
  const findings: Finding[] = [];
  const declaration = /(^|[{;\s])([a-z-]+)\s*:\s*([^;{}]+)(?=;|})/g;
  for (const m of text.matchAll(declaration)) {
    const [, , property, value] = m;
    if (!property || !value || property.startsWith('--')) continue;
    const why = physicalIn(property, value);
    const line = text.slice(0, m.index).split('\n').length;
    if (why) findings.push({ where: `${relative(file)}:${line}`, declaration: `${property}: ${value.trim()}`, why });
  }
  // A file that turns a slide through a custom property must set it for right-to-left too.
  if (/translate(X)?\([^;]*var\(--/.test(text) && !/\[dir=['"]?rtl['"]?\]|:dir\(rtl\)/.test(text)) {
    findings.push({ where: relative(file), declaration: 'translateX(var(...))', why: "no [dir='rtl'] rule turns the slide" });
  }
  return findings;
}

/** The text of each `style={{ ... }}` object literal, braces balanced. */
function styleObjects(source: string): { text: string; index: number }[] {
  const found: { text: string; index: number }[] = [];
  for (const m of source.matchAll(/style=\{\{/g)) {
    const start = (m.index ?? 0) + 'style={'.length;
    let depth = 0;
    for (let i = start; i < source.length; i += 1) {
      if (source[i] === '{') depth += 1;
      if (source[i] === '}') depth -= 1;
      if (depth === 0) {
        found.push({ text: source.slice(start + 1, i), index: start });
        break;
      }
    }
  }
  return found;
}

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

function tsxFindings(file: string): Finding[] {
  const source = fs.readFileSync(file, 'utf8');
  return styleObjects(source).flatMap(({ text, index }) => {
    const line = source.slice(0, index).split('\n').length;
    // Plain `key: 'value'` or `key: value` pairs; computed keys (custom properties) are not layout.
    return [...text.matchAll(/(?:^|[,{\s])([A-Za-z]+)\s*:\s*('[^']*'|"[^"]*"|`[^`]*`|[^,}]+)/g)].flatMap((pair) => {
      const [, key = '', raw = ''] = pair;
      const why = physicalIn(kebab(key), raw.replace(/^['"`]|['"`]$/g, ''));
      return why ? [{ where: `${relative(file)}:${line}`, declaration: `${key}: ${raw.trim()}`, why }] : [];
    });
  });
}

const allFindings = () => [...filesUnder(UI, '.css').flatMap(cssFindings), ...filesUnder(UI, '.tsx').flatMap(tsxFindings)];
const kept = (f: Finding) => Object.keys(KEPT_PHYSICAL).some((key) => key === `${f.where.split(':')[0]}: ${f.declaration}`);

describe('layout in logical directions (right-to-left mirrors it)', () => {
  it('names no physical direction in ui/src CSS or inline styles', () => {
    const findings = allFindings().filter((f) => !kept(f));
    expect(findings.map((f) => `${f.where}  ${f.declaration}  (${f.why})`)).toEqual([]);
  });

  it('keeps no exception that no longer matches a declaration', () => {
    const found = allFindings();
    const stale = Object.keys(KEPT_PHYSICAL).filter((key) => !found.some((f) => `${f.where.split(':')[0]}: ${f.declaration}` === key));
    expect(stale).toEqual([]);
  });

  it('recognises each physical form it guards against', () => {
    const physical: [string, string][] = [
      ['margin-left', 'auto'],
      ['padding-right', '0'],
      ['left', '0'],
      ['right', 'var(--space-4)'],
      ['border-left-width', '8px'],
      ['border-top-right-radius', '4px'],
      ['text-align', 'left'],
      ['float', 'right'],
      ['padding', 'var(--space-1) var(--space-1) var(--space-1) var(--space-2)'],
      ['border-radius', 'var(--radius-md) 0 0 var(--radius-md)'],
      ['transform', 'translateX(-100%)'],
      ['transform', 'translate(20px, 0)'],
      ['transform', 'translateX(calc(100% + 2px))'],
    ];
    const logical: [string, string][] = [
      ['margin-inline-start', 'auto'],
      ['inset-inline-end', '0'],
      ['text-align', 'start'],
      ['padding', '0 var(--space-5) var(--space-5)'],
      ['margin', 'calc(-1 * var(--space-1)) 0 var(--space-4) 0'],
      ['border-radius', 'var(--radius-md)'],
      ['transform', 'translateX(calc(100% * var(--auth-flip)))'],
      ['transform', 'translateX(0)'],
      ['transform', 'translateY(-2px)'],
      ['transform', 'translate(0, -2px)'],
    ];
    expect(physical.filter(([p, v]) => physicalIn(p, v) === null)).toEqual([]);
    expect(logical.filter(([p, v]) => physicalIn(p, v) !== null)).toEqual([]);
  });

  it('reads inline styles too', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rtl-'));
    const file = path.join(dir, 'Sample.tsx');
    fs.writeFileSync(file, "<div style={{ width: '4.5em', marginLeft: '1rem', ['--lines' as string]: 3, textAlign: 'right' }} />");
    expect(tsxFindings(file).map((f) => f.declaration)).toEqual(["marginLeft: '1rem'", "textAlign: 'right'"]);
    fs.rmSync(dir, { recursive: true });
  });
});
