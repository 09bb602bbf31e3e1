#!/usr/bin/env node
// Where does user-facing text live outside the word catalogues? (issue 34 item 5)
//
// Counts, in the web app's and the API's sources (tests, test helpers and the catalogues left
// out), the places that hold words a person reads:
//   - jsx:  JSX text with a letter in it (`<p>Guardar</p>`),
//   - attr: a user-facing JSX attribute written as a string (aria-label, title, placeholder, alt,
//           label),
//   - str:  any other string or template text that reads as Spanish prose: an accent, ¿ or ¡, a
//           Spanish little word between spaces ("de", "la", "sin"…), or one capitalised word
//           ("Cancelar"; key names such as "Enter" are left out).
// The catalogues are packages/shared/src (each feature's words beside its schemas, docs/web.md
// "Words"), so shared is not scanned. The heuristic misses some and flags a few that are not
// words; its use is the trend: run it before and after a change.
//
//   node scripts/text-locations.mjs            per-file counts, then the totals
//   node scripts/text-locations.mjs --jsx      only the files with JSX text (the lint's allowlist)
//   node scripts/text-locations.mjs --list     every place, file:line and the text
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const scanned = ['apps/web/src', 'apps/api/src'];
// Tests and their kits, benchmarks, the seed's sample records and the OpenAPI document (words for
// developers, in English) are not the product's interface.
const skip = (rel) =>
  /\.(test|test-kit|bench)\.tsx?$/.test(rel) ||
  rel.startsWith('apps/api/src/seed/') ||
  rel.startsWith('apps/api/src/openapi/') ||
  /(^|\/)test\//.test(rel) ||
  rel.endsWith('.d.ts') ||
  rel.endsWith('/vite-env.d.ts');

const USER_ATTRIBUTES = new Set(['aria-label', 'title', 'placeholder', 'alt', 'label']);
const CODE_ATTRIBUTES =
  /^(className|class|id|htmlFor|type|name|role|href|to|src|key|data-|aria-(labelledby|describedby|controls|live|haspopup|current|hidden|expanded|selected|pressed|checked|orientation|sort|autocomplete|owns|modal|busy|invalid|required)|autoComplete|inputMode|method|rel|target|lang|dir|side|align|variant|size|tone|mode|as|accept|pattern|enterKeyHint)/;
const NOT_WORDS = new Set([
  'Enter',
  'Escape',
  'Tab',
  'Space',
  'Backspace',
  'Delete',
  'Home',
  'End',
  'PageUp',
  'PageDown',
  'Bearer',
  'Error',
  'Authorization',
  'Content',
  'Date',
  'Number',
  'String',
  'Object',
  'Promise',
  'Infinity',
  'NaN',
  'Symbol',
  'Map',
  'Set',
  'Array',
  'Boolean',
  'Math',
  'JSON',
  'Shift',
  'Control',
  'Meta',
  'Alt',
  'Unidentified',
  'Connection',
  'Allow',
  'Windows',
  'Macintosh',
  'Linux',
  'Android',
  'Dead',
  'Process',
  'Z',
  'GET',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
]);
const SPANISH =
  /[áéíóúñÁÉÍÓÚÑ¿¡]|(^|\s)(de|del|la|las|el|los|que|con|para|por|una?|en|al|no|se|tu|tus|su|sus|sin|más|y|o|es|lo|le|ya|hay)(\s|$)/i;
const ONE_WORD = /^[A-ZÁÉÍÓÚÑ][a-záéíóúñü]{2,}$/;

const readsAsWords = (text) => {
  const t = text.trim();
  if (!/\p{L}/u.test(t)) return false;
  if (/^[\w./:@#?=&%-]+$/.test(t) && !ONE_WORD.test(t)) return false; // paths, ids, urls, keys
  if (/^[a-z0-9:[\]/_.%-]+(\s+[a-z0-9:[\]/_.%()-]+)*$/.test(t)) return false; // class lists
  if (ONE_WORD.test(t)) return !NOT_WORDS.has(t);
  return SPANISH.test(t) && /\s/.test(t);
};

function* filesUnder(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (/\.(ts|tsx)$/.test(entry.name)) yield full;
  }
}

function placesIn(file) {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const places = [];
  const add = (kind, node, value) =>
    places.push({
      kind,
      line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
      text: value.trim().replace(/\s+/g, ' ').slice(0, 80),
    });
  const visit = (node) => {
    if (
      ts.isImportDeclaration(node) ||
      ts.isExportDeclaration(node) ||
      ts.isLiteralTypeNode(node) ||
      ts.isExternalModuleReference(node)
    )
      return;
    if (ts.isJsxText(node)) {
      if (/\p{L}/u.test(node.text)) add('jsx', node, node.text);
      return;
    }
    if (ts.isJsxAttribute(node)) {
      const name = node.name.getText(source);
      const init = node.initializer;
      if (init && ts.isStringLiteral(init)) {
        if (USER_ATTRIBUTES.has(name) && /\p{L}/u.test(init.text)) add('attr', init, init.text);
        return;
      }
      if (CODE_ATTRIBUTES.test(name)) return;
    }
    // Code, not words: a mongoose model's name and refs, an operator's log line or thrown Error.
    if (ts.isPropertyAssignment(node) && node.name.getText(source) === 'ref') return;
    if (
      ts.isCallExpression(node) &&
      /(^|\.)(model|console\.\w+|log(ger)?\.\w+)$/.test(node.expression.getText(source))
    )
      return;
    if (ts.isNewExpression(node) && node.expression.getText(source) === 'Error') return;
    if (ts.isPropertyAssignment(node) && ts.isStringLiteral(node.name)) {
      visit(node.initializer);
      return;
    }
    if (ts.isElementAccessExpression(node) && ts.isStringLiteral(node.argumentExpression)) {
      visit(node.expression);
      return;
    }
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (readsAsWords(node.text)) add('str', node, node.text);
      return;
    }
    if (ts.isTemplateExpression(node)) {
      const parts = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)];
      const joined = parts.join(' … ');
      if (readsAsWords(parts.join(' ')) && !/^[\s/?=&.:#-]*$/.test(parts.join('')))
        add('str', node, joined);
      node.templateSpans.forEach((span) => visit(span.expression));
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return places;
}

const mode = process.argv[2];
const results = [];
for (const dir of scanned) {
  for (const file of filesUnder(path.join(root, dir))) {
    const rel = path.relative(root, file);
    if (skip(rel)) continue;
    const places = placesIn(file);
    if (places.length > 0) results.push({ rel, places });
  }
}
results.sort((a, b) => b.places.length - a.places.length || a.rel.localeCompare(b.rel));

const count = (kind, list = results) =>
  list.reduce((sum, r) => sum + r.places.filter((p) => p.kind === kind).length, 0);

if (mode === '--jsx') {
  for (const r of results
    .filter((r) => r.places.some((p) => p.kind === 'jsx'))
    .sort((a, b) => a.rel.localeCompare(b.rel)))
    console.log(r.rel);
} else if (mode === '--list') {
  for (const r of results)
    for (const p of r.places) console.log(`${r.rel}:${p.line} [${p.kind}] ${p.text}`);
} else {
  for (const r of results)
    console.log(
      `${String(r.places.length).padStart(4)}  ${r.rel}  (jsx ${count('jsx', [r])}, attr ${count('attr', [r])}, str ${count('str', [r])})`,
    );
  for (const dir of scanned) {
    const mine = results.filter((r) => r.rel.startsWith(dir));
    console.log(
      `${dir}: ${mine.length} files, ${mine.reduce((s, r) => s + r.places.length, 0)} places (jsx ${count('jsx', mine)}, attr ${count('attr', mine)}, str ${count('str', mine)}); ${mine.filter((r) => r.places.some((p) => p.kind === 'jsx')).length} files with JSX text`,
    );
  }
}
