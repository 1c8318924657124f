// Text for SVG drawn by sharp (librsvg), laid out in lines (escaping: src/shared/xml.ts). librsvg has no
// automatic wrapping, so lines are broken here by an estimate of each character's width, made on
// the wide side (DejaVu Sans Bold, the usual `sans-serif` of a Linux server): a narrower font only
// leaves a little more room at the line ends.
import { withoutNonXmlChars } from '../../../shared/xml';

/** Width of one character in em (bold); anything outside ASCII counts as a full em. */
function charWidth(ch: string): number {
  if (ch === ' ') return 0.35;
  if (/[ijl.,:;'!|]/.test(ch)) return 0.34;
  if (/[ftrI()[\]{}\-"]/.test(ch)) return 0.45;
  if (/[mwMW@%]/.test(ch)) return 1;
  if (/[A-Z]/.test(ch)) return 0.78;
  if (/[0-9$€£¥#?&*+=<>~^_/\\a-z]/.test(ch)) return 0.7;
  return 1;
}

/** The estimated width of `text` in pixels at `fontSize` (bold: full widths; regular: a little less). */
export function textWidth(text: string, fontSize: number, bold = true): number {
  let em = 0;
  for (const ch of text) em += charWidth(ch);
  return em * fontSize * (bold ? 1 : 0.92);
}

export interface WrapOptions {
  maxWidth: number;
  fontSize: number;
  maxLines: number;
  bold?: boolean;
}

/** Cuts `text` to fit `maxWidth`, ending it with '…'. */
function withEllipsis(text: string, opts: WrapOptions): string {
  const chars = [...text.trimEnd()];
  while (
    chars.length > 0 &&
    textWidth(`${chars.join('')}…`, opts.fontSize, opts.bold) > opts.maxWidth
  ) {
    chars.pop();
  }
  return `${chars.join('').trimEnd()}…`;
}

/** Splits a word wider than a whole line into pieces that fit. */
function splitLongWord(word: string, opts: WrapOptions): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const ch of word) {
    if (piece && textWidth(piece + ch, opts.fontSize, opts.bold) > opts.maxWidth) {
      pieces.push(piece);
      piece = '';
    }
    piece += ch;
  }
  if (piece) pieces.push(piece);
  return pieces;
}

/**
 * `text` (whitespace collapsed) in at most `maxLines` lines of at most `maxWidth` pixels, breaking
 * between words (inside a word only when it is longer than a line); text that does not fit ends the
 * last line with '…'. Empty text gives no lines.
 */
export function wrapText(text: string, opts: WrapOptions): string[] {
  const words = withoutNonXmlChars(text).split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const pieces =
      textWidth(word, opts.fontSize, opts.bold) > opts.maxWidth
        ? splitLongWord(word, opts)
        : [word];
    for (const piece of pieces) {
      const candidate = line ? `${line} ${piece}` : piece;
      if (!line || textWidth(candidate, opts.fontSize, opts.bold) <= opts.maxWidth) {
        line = candidate;
        continue;
      }
      lines.push(line);
      line = piece;
      if (lines.length === opts.maxLines)
        return [...lines.slice(0, -1), withEllipsis(`${lines.at(-1)!} ${piece}`, opts)];
    }
  }
  if (line) lines.push(line);
  return lines;
}
