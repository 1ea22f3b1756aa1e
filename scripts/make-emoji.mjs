#!/usr/bin/env node
// Draws the chat emoji (src/domain/emoji.ts) as small hand-made SVGs into public/emoji/,
// and the same drawings side by side in one sprite (public/emoji/sprite.svg, a 64 px cell
// each, in the catalogue's order: src/domain/emoji.test.ts checks it). The chat rows paint
// emoji from the sprite as a CSS background: one picture for every emoji of a burst, where
// an <img> per emoji made Chromium build an SVG document each (issue 11: the cost of one
// chat update). The picker keeps the single files.
// Plain node, no dependencies; the output is deterministic, so a rerun changes nothing.
//   node scripts/make-emoji.mjs           write public/emoji/*.svg
//   node scripts/make-emoji.mjs --check   exit 1 when a file is missing, differs or is too big
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public/emoji');
const MAX_BYTES = 1536;

const YELLOW = '#FFCC33';
const RIM = '#E0A100';
const INK = '#5A3A00';
const RED = '#E8384F';
const PINK = '#FF8FA3';
const BLUE = '#4DA3FF';
const SKIN = '#FFD45C';
const SKIN_RIM = '#D89A00';

const svg = (body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">${body}</svg>\n`;
const line = (d, colour = INK, width = 3) =>
  `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"/>`;
const fill = (d, colour, rim) => `<path d="${d}" fill="${colour}"${rim ? ` stroke="${rim}" stroke-width="2" stroke-linejoin="round"` : ''}/>`;
const circle = (cx, cy, r, colour, rim) =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${colour}"${rim ? ` stroke="${rim}" stroke-width="2"` : ''}/>`;
const ellipse = (cx, cy, rx, ry, colour) => `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${colour}"/>`;

// Faces: one yellow head, then eyes, mouth and extras.
const head = (colour = YELLOW) => circle(32, 32, 28, colour, RIM);
const dotEyes = circle(23, 26, 3.5, INK) + circle(41, 26, 3.5, INK);
const happyEyes = line('M18 27q5-6 10 0M36 27q5-6 10 0');
const closedEyes = line('M18 26q5 4 10 0M36 26q5 4 10 0');
const blush = ellipse(17, 37, 5, 3, PINK) + ellipse(47, 37, 5, 3, PINK);
const smileMouth = line('M21 39q11 10 22 0');
const face = (...parts) => svg(head() + parts.join(''));

const hand = (d) => fill(d, SKIN, SKIN_RIM);
// A thumbs-up fist in the middle of the tile; turned over for thumbs down.
const thumb =
  hand('M22 30h6l6-12q2-5 6-3t2 7l-2 8h8q5 0 4 5l-3 14q-1 4-5 4H22z') + fill('M12 30h9v24h-9z', BLUE, '#2F7FD6');

const DRAWINGS = {
  'smile.svg': face(dotEyes, smileMouth),
  'laugh.svg': face(happyEyes, fill('M17 35h30q-2 17-15 17t-15-17z', INK), fill('M24 45q8-5 16 0q-3 6-8 6t-8-6z', RED)),
  'cute.svg': face(
    circle(23, 27, 6, INK) + circle(41, 27, 6, INK) + circle(25, 25, 2.2, '#fff') + circle(43, 25, 2.2, '#fff'),
    blush,
    line('M27 41q5 4 10 0'),
  ),
  'shy.svg': face(closedEyes, ellipse(18, 37, 7, 4, PINK) + ellipse(46, 37, 7, 4, PINK), line('M26 44q3-3 6 0t6 0')),
  'cool.svg': face(
    fill('M12 22h40v4l-3 1q-1 9-9 9t-8-8h-0q0 8-8 8t-9-9l-3-1z', '#222'),
    line('M22 25l4 4M40 25l4 4', '#888', 2),
    line('M24 43q9 6 18-2'),
  ),
  'surprised.svg': face(
    circle(23, 26, 6, '#fff') + circle(41, 26, 6, '#fff') + circle(23, 27, 3, INK) + circle(41, 27, 3, INK),
    line('M17 16l10-2M37 14l10 2'),
    ellipse(32, 44, 5, 7, INK),
  ),
  'question.svg': face(
    line('M17 19l10 2M37 17l9-3') + dotEyes,
    line('M25 43h14'),
    line('M47 4q8 0 8 6t-7 7v3', BLUE, 3.5) + circle(48, 25, 2.2, BLUE),
  ),
  'cry.svg': face(closedEyes, line('M22 46q10-9 20 0'), fill('M20 31q-4 8 0 10t4-4z', BLUE) + fill('M44 31q-4 8 0 10t4-4z', BLUE)),
  'angry.svg': svg(
    head('#FF9A5B') +
      line('M16 18l12 6M48 18l-12 6') +
      circle(23, 29, 3.5, INK) +
      circle(41, 29, 3.5, INK) +
      line('M22 46q10-8 20 0'),
  ),
  'bye.svg': face(dotEyes, smileMouth, hand('M46 40q-2-10 4-12l2 5 1-9q3-2 4 1l1 8 1-5q3-1 3 2l-1 12q-2 7-8 7t-7-9z'), line('M50 14q6 2 8 8M46 10q10 2 13 12', BLUE, 2)),
  'clap.svg': svg(
    `<g transform="rotate(-18 26 36)">${hand('M16 20q0-5 5-5h10q5 0 5 5v26q0 8-10 8t-10-8z')}</g>` +
      `<g transform="rotate(18 38 36)">${hand('M28 22q0-5 5-5h10q5 0 5 5v26q0 8-10 8t-10-8z')}</g>` +
      line('M10 12l5 5M32 4v7M54 12l-5 5', RIM, 3),
  ),
  'like.svg': svg(`<rect x="4" y="4" width="56" height="56" rx="14" fill="${BLUE}"/>` + `<g transform="translate(2 -2) scale(.95)">${thumb}</g>`),
  'strong.svg': svg(circle(32, 32, 28, '#FFE9A8', RIM) + `<g transform="translate(3 0) scale(.92)">${thumb}</g>`),
  'weak.svg': svg(circle(32, 32, 28, '#DDE3EA', '#9AA5B1') + `<g transform="rotate(180 32 32) translate(3 0) scale(.92)">${thumb}</g>`),
  'ok.svg': svg(
    `<rect x="4" y="12" width="56" height="40" rx="12" fill="#2EB872"/>` +
      `<circle cx="22" cy="32" r="10" fill="none" stroke="#fff" stroke-width="5"/>` +
      line('M38 20v24M50 20L39 32l12 12', '#fff', 5),
  ),
  'victory.svg': svg(
    `<g transform="rotate(-14 28 30)">${hand('M22 6q4-2 6 2v26h-6z')}</g>` +
      `<g transform="rotate(14 36 30)">${hand('M36 6q4-2 6 2v26h-6z')}</g>` +
      hand('M18 32q0-4 4-4h20q6 0 6 6v12q0 12-14 12t-16-12z') +
      line('M22 40h14', SKIN_RIM, 2),
  ),
  'handshake.svg': svg(
    fill('M2 24h12v22H2z', BLUE) +
      fill('M50 24h12v22H50z', RED) +
      hand('M14 26l12-6 10 4 14 2v16l-10 10q-3 2-6 0L14 44z') +
      line('M26 20l-6 12q4 3 9-1l6-6M30 42l5 5M35 38l5 5M40 34l5 5', SKIN_RIM, 2),
  ),
  'salute.svg': svg(
    hand('M10 26q0-6 6-6h16v30H18q-8 0-8-8z') +
      line('M12 29h14M12 36h14M12 43h14', SKIN_RIM, 2) +
      hand('M30 18q0-5 5-5h10q9 0 9 10v20q0 10-10 10h-9q-5 0-5-5z') +
      line('M34 17v34', SKIN_RIM, 2),
  ),
  'cheer.svg': svg(
    hand('M20 22q0-6 6-6h16q6 0 6 6v14q0 8-8 8H26q-6 0-6-6z') +
      line('M26 17v10M33 16v11M40 17v10', SKIN_RIM, 2) +
      fill('M26 44h16v16H26z', RED) +
      line('M10 14l6 5M8 28h7M54 14l-6 5M56 28h-7', RED, 3),
  ),
  '666.svg': svg(
    `<rect x="2" y="12" width="60" height="40" rx="12" fill="${RED}"/>` +
      [10, 26, 42]
        .map((x) => `<circle cx="${x + 6}" cy="38" r="6" fill="none" stroke="#fff" stroke-width="4"/>` + line(`M${x + 11} 20q-11-2-11 18`, '#fff', 4))
        .join(''),
  ),
  'heart.svg': svg(fill('M32 56S6 40 6 22q0-12 12-13 9 0 14 9 5-9 14-9 12 1 12 13 0 18-26 34z', RED, '#B8162C') + ellipse(19, 20, 4, 6, '#FF9AAA')),
  'rose.svg': svg(
    line('M32 36v24M32 50q-10-2-12-10q10 0 12 8', '#2E9E4F', 3) +
      circle(32, 22, 16, RED, '#B8162C') +
      line('M24 20q8-10 16 0q-6 10-12 4q2-6 8-4', '#9E0F24', 2.5),
  ),
  'gift.svg': svg(
    fill('M8 26h48v10H8z', RED, '#B8162C') +
      fill('M12 36h40v22H12z', RED, '#B8162C') +
      fill('M28 26h8v32h-8z', YELLOW) +
      line('M32 26q-14-16-18-6t18 6q14-16 18-6t-18 6', YELLOW, 3),
  ),
  'party.svg': svg(
    fill('M6 58l14-34 20 20z', YELLOW, RIM) +
      line('M14 40l8 8M18 31l13 13', RED, 3) +
      circle(44, 12, 3, BLUE) +
      circle(54, 26, 3, RED) +
      circle(32, 8, 2.5, '#2EB872') +
      line('M36 24q4-10 12-8M42 32q8-4 14 2', '#9B59D0', 3),
  ),
};

const CELL = 64;
const SPRITE_FILE = 'sprite.svg';
const SPRITE_MAX_BYTES = 24 * 1024;
/** Every drawing in a cell of its own, left to right, marked with its file name. */
function sprite(drawings) {
  const cells = Object.entries(drawings).map(([file, text], i) => {
    const body = text.slice(text.indexOf('>') + 1, text.lastIndexOf('</svg>'));
    return `<svg data-file="${file}" x="${i * CELL}" y="0" width="${CELL}" height="${CELL}" viewBox="0 0 64 64">${body}</svg>`;
  });
  const width = cells.length * CELL;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${CELL}" width="${width}" height="${CELL}">${cells.join('')}</svg>\n`;
}

const check = process.argv.includes('--check');
let bad = 0;
fs.mkdirSync(OUT, { recursive: true });
const OUTPUTS = { ...DRAWINGS, [SPRITE_FILE]: sprite(DRAWINGS) };
for (const [file, text] of Object.entries(OUTPUTS)) {
  const target = path.join(OUT, file);
  const size = Buffer.byteLength(text);
  if (size > (file === SPRITE_FILE ? SPRITE_MAX_BYTES : MAX_BYTES)) {
    console.error(`${file}: ${size} bytes, over ${MAX_BYTES}`);
    bad++;
  }
  if (check) {
    const current = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : null;
    if (current !== text) {
      console.error(`${file}: ${current === null ? 'missing' : 'differs from the generator'}`);
      bad++;
    }
  } else {
    fs.writeFileSync(target, text);
  }
}
console.log(`${Object.keys(DRAWINGS).length} emoji and the sprite ${check ? 'checked' : 'written'} to ${path.relative(process.cwd(), OUT)}`);
if (bad > 0) process.exit(1);
