/**
 * Draws the viewer's invitation poster in the browser (issue 14 item 5): the room's cover
 * (or a band in the template's colour when there is none or it cannot be drawn), the room's
 * title and start time, the template's words, who invites, and a QR code of the invite URL
 * made by the qrcode library. Answers a PNG; rejects when the picture cannot be made
 * ("poster generation failed").
 */
import QRCode from 'qrcode';
import type { PosterFacts, PosterLook } from './posterData';

export const POSTER_WIDTH = 750;
export const POSTER_HEIGHT = 1200;
const PAD = 56;
const COVER_HEIGHT = 420;
const QR_SIZE = 260;

export interface PosterWords {
  /** The mark on a poster without a cover ("LIVE"). */
  readonly live: string;
  readonly startLabel: string | null;
  readonly invites: string;
  readonly scan: string;
}

/** The cover, or null when it cannot be loaded or drawn without tainting the canvas. */
function loadCover(url: string | null): Promise<HTMLImageElement | null> {
  if (url === null) return Promise.resolve(null);
  return new Promise((resolve) => {
    const image = new Image();
    image.crossOrigin = 'anonymous';
    image.onload = () => resolve(image);
    image.onerror = () => resolve(null);
    image.src = url;
  });
}

/** Lines of `text` that fit `width`, at most `max` (the last one cut with an ellipsis). */
function wrap(ctx: CanvasRenderingContext2D, text: string, width: number, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const char of text) {
    if (ctx.measureText(line + char).width > width && line !== '') {
      lines.push(line);
      line = '';
      if (lines.length === max) break;
    }
    line += char;
  }
  if (lines.length < max && line !== '') lines.push(line);
  if (lines.length === max && [...lines.join('')].length < [...text].length) {
    let last = lines[max - 1]!;
    while (last !== '' && ctx.measureText(`${last}…`).width > width) last = last.slice(0, -1);
    lines[max - 1] = `${last}…`;
  }
  return lines;
}

/** The band without a cover: the template's colour, a few soft circles, a LIVE mark. */
function drawBand(ctx: CanvasRenderingContext2D, look: PosterLook, live: string): void {
  const gradient = ctx.createLinearGradient(0, 0, POSTER_WIDTH, COVER_HEIGHT);
  gradient.addColorStop(0, look.colour);
  gradient.addColorStop(1, '#0b1f3a');
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, POSTER_WIDTH, COVER_HEIGHT);
  ctx.fillStyle = 'rgba(255, 255, 255, 0.08)';
  for (const [x, y, r] of [
    [640, 80, 180],
    [120, 380, 140],
    [520, 360, 70],
  ] as const) {
    ctx.beginPath();
    ctx.arc(x, y, r, 0, 2 * Math.PI);
    ctx.fill();
  }
  ctx.fillStyle = '#e8453c';
  ctx.beginPath();
  ctx.roundRect(PAD, PAD, 132, 48, 24);
  ctx.fill();
  ctx.fillStyle = '#ffffff';
  ctx.beginPath();
  ctx.arc(PAD + 26, PAD + 24, 7, 0, 2 * Math.PI);
  ctx.fill();
  ctx.font = '700 26px system-ui, sans-serif';
  ctx.textBaseline = 'middle';
  ctx.fillText(live, PAD + 44, PAD + 25);
  ctx.textBaseline = 'alphabetic';
}

function drawCover(ctx: CanvasRenderingContext2D, cover: HTMLImageElement | null, look: PosterLook, live: string): void {
  ctx.fillStyle = look.colour;
  ctx.fillRect(0, 0, POSTER_WIDTH, COVER_HEIGHT);
  if (cover === null) {
    drawBand(ctx, look, live);
    return;
  }
  // Cover-fit: fill the band, cut what is over.
  const scale = Math.max(POSTER_WIDTH / cover.naturalWidth, COVER_HEIGHT / cover.naturalHeight);
  const w = cover.naturalWidth * scale;
  const h = cover.naturalHeight * scale;
  ctx.drawImage(cover, (POSTER_WIDTH - w) / 2, (COVER_HEIGHT - h) / 2, w, h);
}

export async function drawPoster(facts: PosterFacts, look: PosterLook, inviteUrl: string, words: PosterWords): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = POSTER_WIDTH;
  canvas.height = POSTER_HEIGHT;
  const ctx = canvas.getContext('2d');
  if (ctx === null) throw new Error('no 2d canvas');
  const font = (size: number, weight = 400) => `${weight} ${size}px system-ui, "Noto Sans CJK SC", "PingFang SC", "Microsoft YaHei", sans-serif`;

  ctx.fillStyle = look.background;
  ctx.fillRect(0, 0, POSTER_WIDTH, POSTER_HEIGHT);
  const cover = await loadCover(facts.coverUrl);
  drawCover(ctx, cover, look, words.live);

  let y = COVER_HEIGHT + 72;
  ctx.textBaseline = 'alphabetic';
  if (cover === null) {
    // No picture: the room's title is the band's, large and white.
    ctx.fillStyle = '#ffffff';
    ctx.font = font(56, 800);
    const lines = wrap(ctx, facts.roomTitle, POSTER_WIDTH - 2 * PAD, 2);
    lines.forEach((line, i) => ctx.fillText(line, PAD, COVER_HEIGHT - PAD - (lines.length - 1 - i) * 70));
  } else {
    ctx.fillStyle = '#1f2329';
    ctx.font = font(44, 700);
    for (const line of wrap(ctx, facts.roomTitle, POSTER_WIDTH - 2 * PAD, 2)) {
      ctx.fillText(line, PAD, y);
      y += 58;
    }
  }
  if (words.startLabel !== null) {
    ctx.fillStyle = '#646a73';
    ctx.font = font(28);
    ctx.fillText(words.startLabel, PAD, y);
    y += 52;
  }
  ctx.fillStyle = look.colour;
  ctx.fillRect(PAD, y, 72, 6);
  y += 56;
  ctx.fillStyle = '#1f2329';
  ctx.font = font(32, 600);
  for (const line of wrap(ctx, look.title, POSTER_WIDTH - 2 * PAD, 1)) {
    ctx.fillText(line, PAD, y);
    y += 48;
  }
  ctx.fillStyle = '#646a73';
  ctx.font = font(26);
  for (const line of wrap(ctx, look.text, POSTER_WIDTH - 2 * PAD, 2)) {
    ctx.fillText(line, PAD, y);
    y += 40;
  }

  // The QR code, bottom right, on a white tile so it scans on any background.
  const qr = document.createElement('canvas');
  await QRCode.toCanvas(qr, inviteUrl, { width: QR_SIZE, margin: 2, errorCorrectionLevel: 'M', color: { dark: '#000000', light: '#ffffff' } });
  const qrX = POSTER_WIDTH - PAD - QR_SIZE;
  const qrY = POSTER_HEIGHT - PAD - QR_SIZE;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(qrX - 8, qrY - 8, QR_SIZE + 16, QR_SIZE + 16);
  ctx.drawImage(qr, qrX, qrY, QR_SIZE, QR_SIZE);

  ctx.fillStyle = '#1f2329';
  ctx.font = font(30, 700);
  const textWidth = qrX - PAD - 32;
  let by = qrY + 90;
  for (const line of wrap(ctx, words.invites, textWidth, 2)) {
    ctx.fillText(line, PAD, by);
    by += 44;
  }
  ctx.fillStyle = '#646a73';
  ctx.font = font(24);
  for (const line of wrap(ctx, words.scan, textWidth, 2)) {
    ctx.fillText(line, PAD, by);
    by += 36;
  }

  return new Promise<Blob>((resolve, reject) => {
    try {
      canvas.toBlob((blob) => (blob === null ? reject(new Error('the canvas gave no PNG')) : resolve(blob)), 'image/png');
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}
