/**
 * Deterministic vector illustrations for the demo catalogue. There is no network to fetch
 * photos, so each product gets 2 to 4 SVG "studio shots" of its kind of device, in its own
 * colours and at its own angles, plus the home page banners. The SVGs are rasterised by sharp
 * (librsvg) and then go through the same pipeline as uploads (see demo-images.ts).
 *
 * Drawings use local coordinates centred on (0, 0) and fit roughly within +-320, so the
 * composer can place, rotate and scale them freely. Text uses the generic `sans-serif` family
 * only: the server has no web fonts.
 */

export type DeviceKind = 'phone' | 'earbuds' | 'watch' | 'tv' | 'camera' | 'speaker' | 'fridge' | 'trimmer' | 'mouse' | 'printer' | 'chip' | 'earphones' | 'laptop' | 'powerbank';

export interface ArtSpec {
  kind: DeviceKind;
  /** Main body colour, `#rrggbb`. */
  body: string;
  /** Accent colour (screen wallpaper, strap, badge...), `#rrggbb`. */
  accent: string;
  /** Number of views to draw, 2 to 4. */
  views: number;
  /** Anything stable and unique per product; angles and backdrops derive from it. */
  seed: string;
  /** Short marking printed on the device where it has room (a processor's lid, a badge). */
  label?: string;
  /** A variation of the kind: a round watch, a laptop-style mouse, a DSLR... */
  variant?: string;
}

/**
 * Edge of the square product illustrations, in pixels. 800 rather than 1000: flat vector art
 * stays crisp, and it cuts the demo seed's rendering time by about a third.
 */
export const PRODUCT_ART_SIZE = 800;

// ---------------------------------------------------------------------------------------------
// Small deterministic helpers

/** FNV-1a: stable across runs and platforms, good enough to spread seeds. */
function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A number in [min, max) picked by `seed`. */
function pick(seed: string, min: number, max: number): number {
  return min + ((hash32(seed) % 10_000) / 10_000) * (max - min);
}

function parseHex(hex: string): [number, number, number] {
  const value = /^#?([0-9a-f]{6})$/i.exec(hex)?.[1];
  if (value === undefined) throw new Error(`Not a #rrggbb colour: ${hex}`);
  const n = Number.parseInt(value, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex(rgb: readonly number[]): string {
  return `#${rgb
    .map((c) =>
      Math.max(0, Math.min(255, Math.round(c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** Mixes towards white (amount > 0) or black (amount < 0); amount in -1..1. */
export function shade(hex: string, amount: number): string {
  const rgb = parseHex(hex);
  const target = amount >= 0 ? 255 : 0;
  const t = Math.abs(amount);
  return toHex(rgb.map((c) => c + (target - c) * t));
}

function mix(a: string, b: string, t: number): string {
  const x = parseHex(a);
  const y = parseHex(b);
  return toHex(x.map((c, i) => c + ((y[i] ?? 0) - c) * t));
}

/** Perceived brightness 0..1, to pick readable text colours. */
function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);
}

function linear(id: string, stops: readonly (readonly [number, string, number?])[], x2 = 0, y2 = 1, x1 = 0, y1 = 0): string {
  const s = stops.map(([offset, color, opacity]) => `<stop offset="${offset}" stop-color="${color}"${opacity === undefined ? '' : ` stop-opacity="${opacity}"`}/>`).join('');
  return `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${s}</linearGradient>`;
}

function radial(id: string, stops: readonly (readonly [number, string, number?])[], cx = 0.5, cy = 0.5, r = 0.5, fx = cx, fy = cy): string {
  const s = stops.map(([offset, color, opacity]) => `<stop offset="${offset}" stop-color="${color}"${opacity === undefined ? '' : ` stop-opacity="${opacity}"`}/>`).join('');
  return `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}" fx="${fx}" fy="${fy}">${s}</radialGradient>`;
}

/** A drawing of one device in local coordinates, plus the gradients it references. */
interface Drawing {
  defs: string;
  body: string;
  /** Half-height of the drawing's footprint, so the floor shadow lands under it. */
  bottom: number;
  /** Half-width used to size the floor shadow. */
  halfWidth: number;
}

interface DrawContext {
  /** Unique id prefix, so two drawings can share one SVG. */
  u: string;
  body: string;
  accent: string;
  label: string;
  variant: string;
  seed: string;
}

/** A glossy lens: barrel rings, dark glass and two highlights. */
function lens(u: string, cx: number, cy: number, r: number, ring = '#2b2d31'): string {
  return (
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${ring}"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${r * 0.86}" fill="url(#${u}-glass)" stroke="#0b0c0f" stroke-width="${r * 0.06}"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${r * 0.42}" fill="#05060a" opacity="0.75"/>` +
    `<ellipse cx="${cx - r * 0.3}" cy="${cy - r * 0.32}" rx="${r * 0.22}" ry="${r * 0.13}" fill="#ffffff" opacity="0.55" transform="rotate(-35 ${cx - r * 0.3} ${cy - r * 0.32})"/>` +
    `<circle cx="${cx + r * 0.28}" cy="${cy + r * 0.3}" r="${r * 0.07}" fill="#9fd3ff" opacity="0.6"/>`
  );
}

function glassDefs(u: string, accent: string): string {
  return radial(
    `${u}-glass`,
    [
      [0, shade(accent, -0.35)],
      [0.55, '#11131c'],
      [1, '#020308'],
    ],
    0.45,
    0.4,
    0.6,
  );
}

/** Soft-edged wallpaper with waves, used on phone, watch and TV screens. */
function wallpaper(u: string, x: number, y: number, w: number, h: number, rx: number, accent: string, seed: string): string {
  const a = pick(`${seed}:wall`, 0, 1);
  const mid = y + h * (0.45 + a * 0.2);
  return (
    `<clipPath id="${u}-wclip"><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${rx}"/></clipPath>` +
    `<g clip-path="url(#${u}-wclip)">` +
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#${u}-wall)"/>` +
    `<path d="M${x} ${mid} C ${x + w * 0.3} ${mid - h * 0.25}, ${x + w * 0.6} ${mid + h * 0.2}, ${x + w} ${mid - h * 0.1} L ${x + w} ${y + h} L ${x} ${y + h} Z" fill="${shade(accent, 0.35)}" opacity="0.45"/>` +
    `<path d="M${x} ${mid + h * 0.15} C ${x + w * 0.35} ${mid - h * 0.05}, ${x + w * 0.65} ${mid + h * 0.35}, ${x + w} ${mid + h * 0.1} L ${x + w} ${y + h} L ${x} ${y + h} Z" fill="${shade(accent, -0.45)}" opacity="0.55"/>` +
    `<circle cx="${x + w * (0.25 + a * 0.5)}" cy="${y + h * 0.28}" r="${Math.min(w, h) * 0.16}" fill="#ffffff" opacity="0.18"/>` +
    `</g>`
  );
}

function wallpaperDefs(u: string, accent: string): string {
  return linear(
    `${u}-wall`,
    [
      [0, shade(accent, 0.25)],
      [0.6, accent],
      [1, shade(accent, -0.55)],
    ],
    0.3,
    1,
    0,
    0,
  );
}

/** Metallic vertical sheen. */
function metalDefs(id: string, color: string, horizontal = true): string {
  return linear(
    id,
    [
      [0, shade(color, -0.18)],
      [0.18, shade(color, 0.22)],
      [0.45, color],
      [0.8, shade(color, -0.12)],
      [1, shade(color, -0.3)],
    ],
    horizontal ? 1 : 0,
    horizontal ? 0 : 1,
  );
}

// ---------------------------------------------------------------------------------------------
// Devices. Each kind has a primary drawing (front) and a secondary one (back or other side).

function phoneFront(c: DrawContext): Drawing {
  const { u } = c;
  const defs = metalDefs(`${u}-frame`, c.body) + wallpaperDefs(u, c.accent);
  const body =
    `<rect x="153" y="-200" width="8" height="70" rx="3" fill="${shade(c.body, -0.3)}"/>` +
    `<rect x="153" y="-100" width="8" height="110" rx="3" fill="${shade(c.body, -0.3)}"/>` +
    `<rect x="-155" y="-315" width="310" height="630" rx="48" fill="url(#${u}-frame)"/>` +
    `<rect x="-146" y="-306" width="292" height="612" rx="40" fill="#0a0b0d"/>` +
    wallpaper(u, -136, -296, 272, 592, 32, c.accent, c.seed) +
    `<circle cx="0" cy="-270" r="10" fill="#050505"/><circle cx="2" cy="-272" r="3" fill="#2c3a55"/>` +
    `<text x="0" y="-170" font-family="sans-serif" font-size="64" font-weight="300" fill="#ffffff" text-anchor="middle" opacity="0.92">9:41</text>` +
    `<text x="0" y="-135" font-family="sans-serif" font-size="20" fill="#ffffff" text-anchor="middle" opacity="0.75">Monday, 12 June</text>` +
    `<rect x="-50" y="282" width="100" height="6" rx="3" fill="#ffffff" opacity="0.7"/>` +
    `<path d="M-136 -296 L 40 -296 L -136 150 Z" fill="#ffffff" opacity="0.07"/>`;
  return { defs, body, bottom: 315, halfWidth: 160 };
}

function phoneBack(c: DrawContext): Drawing {
  const { u } = c;
  const defs =
    linear(
      `${u}-back`,
      [
        [0, shade(c.body, 0.28)],
        [0.5, c.body],
        [1, shade(c.body, -0.25)],
      ],
      1,
      1,
    ) +
    linear(
      `${u}-module`,
      [
        [0, shade(c.body, -0.05)],
        [1, shade(c.body, -0.3)],
      ],
      1,
      1,
    ) +
    glassDefs(u, c.accent);
  const round = c.variant === 'round-camera';
  const module = round
    ? `<circle cx="0" cy="-170" r="95" fill="url(#${u}-module)" stroke="${shade(c.body, 0.3)}" stroke-width="4"/>` +
      lens(u, -38, -200, 34) +
      lens(u, 38, -200, 34) +
      lens(u, 0, -130, 34) +
      `<circle cx="55" cy="-130" r="9" fill="#fff7d6"/>`
    : `<rect x="-135" y="-290" width="150" height="170" rx="38" fill="url(#${u}-module)" stroke="${shade(c.body, 0.3)}" stroke-width="4"/>` +
      lens(u, -95, -245, 30) +
      lens(u, -95, -165, 30) +
      lens(u, -28, -205, 30) +
      `<circle cx="-28" cy="-140" r="9" fill="#fff7d6"/>`;
  const body =
    `<rect x="-155" y="-315" width="310" height="630" rx="48" fill="url(#${u}-back)"/>` +
    `<rect x="-155" y="-315" width="310" height="630" rx="48" fill="none" stroke="${shade(c.body, -0.35)}" stroke-width="5"/>` +
    module +
    `<circle cx="0" cy="60" r="30" fill="none" stroke="${shade(c.body, luminance(c.body) > 0.5 ? -0.25 : 0.3)}" stroke-width="5" opacity="0.7"/>` +
    `<path d="M-150 100 L 150 -120 L 150 40 L -150 260 Z" fill="#ffffff" opacity="0.06"/>`;
  return { defs, body, bottom: 315, halfWidth: 160 };
}

function earbudsCase(c: DrawContext): Drawing {
  const { u } = c;
  const defs =
    linear(
      `${u}-case`,
      [
        [0, shade(c.body, 0.35)],
        [0.55, c.body],
        [1, shade(c.body, -0.22)],
      ],
      0.4,
      1,
    ) +
    radial(`${u}-gloss`, [
      [0, '#ffffff', 0.55],
      [1, '#ffffff', 0],
    ]);
  const seam = shade(c.body, -0.3);
  const body =
    `<rect x="-210" y="-170" width="420" height="340" rx="150" fill="url(#${u}-case)"/>` +
    `<path d="M-206 -40 L 206 -40" stroke="${seam}" stroke-width="4"/>` +
    `<rect x="-22" y="40" width="44" height="10" rx="5" fill="${c.accent}"/>` +
    `<circle cx="0" cy="45" r="7" fill="${shade(c.accent, 0.4)}" opacity="0.8"/>` +
    `<ellipse cx="-90" cy="-115" rx="120" ry="36" fill="url(#${u}-gloss)"/>` +
    (c.label
      ? `<text x="0" y="120" font-family="sans-serif" font-size="26" font-weight="600" letter-spacing="4" fill="${seam}" text-anchor="middle" opacity="0.6">${escapeXml(c.label)}</text>`
      : '');
  return { defs, body, bottom: 170, halfWidth: 215 };
}

function earbud(u: string, body: string, accent: string, mirror: boolean): string {
  const s = mirror ? -1 : 1;
  return (
    `<g transform="scale(${s} 1)">` +
    `<rect x="-8" y="-20" width="64" height="260" rx="32" fill="url(#${u}-bud)"/>` +
    `<ellipse cx="-10" cy="-60" rx="92" ry="84" fill="url(#${u}-bud)"/>` +
    `<ellipse cx="-62" cy="-78" rx="40" ry="34" fill="${shade(accent, -0.1)}"/>` +
    `<ellipse cx="-62" cy="-78" rx="26" ry="21" fill="${shade(accent, -0.45)}"/>` +
    `<ellipse cx="20" cy="-100" rx="30" ry="16" fill="#ffffff" opacity="0.35"/>` +
    `<rect x="10" y="200" width="28" height="26" rx="8" fill="${shade(body, -0.35)}"/>` +
    `</g>`
  );
}

function earbudsPair(c: DrawContext): Drawing {
  const { u } = c;
  const defs = linear(
    `${u}-bud`,
    [
      [0, shade(c.body, 0.35)],
      [0.6, c.body],
      [1, shade(c.body, -0.25)],
    ],
    1,
    1,
  );
  const body =
    `<g transform="translate(-120 -20) rotate(-12)">${earbud(u, c.body, c.accent, false)}</g>` +
    `<g transform="translate(120 -20) rotate(12)">${earbud(u, c.body, c.accent, true)}</g>`;
  return { defs, body, bottom: 240, halfWidth: 230 };
}

function watchFront(c: DrawContext): Drawing {
  const { u } = c;
  const round = c.variant === 'round';
  const strapDark = shade(c.accent, -0.3);
  const defs =
    metalDefs(`${u}-case`, c.body) +
    linear(
      `${u}-strap`,
      [
        [0, strapDark],
        [0.5, c.accent],
        [1, strapDark],
      ],
      1,
      0,
    ) +
    radial(`${u}-dial`, [
      [0, '#1b1f2a'],
      [1, '#020204'],
    ]);
  const strap =
    `<rect x="-88" y="-330" width="176" height="250" rx="26" fill="url(#${u}-strap)"/>` +
    `<rect x="-88" y="80" width="176" height="250" rx="26" fill="url(#${u}-strap)"/>` +
    [0, 1, 2, 3].map((i) => `<circle cx="0" cy="${190 + i * 34}" r="7" fill="${strapDark}"/>`).join('');
  const rings =
    `<circle cx="0" cy="52" r="58" fill="none" stroke="#ff3b5c" stroke-width="12" stroke-dasharray="260 400" stroke-linecap="round" transform="rotate(-90 0 52)"/>` +
    `<circle cx="0" cy="52" r="42" fill="none" stroke="#9cff3b" stroke-width="12" stroke-dasharray="180 400" stroke-linecap="round" transform="rotate(-90 0 52)"/>` +
    `<circle cx="0" cy="52" r="26" fill="none" stroke="#3be0ff" stroke-width="12" stroke-dasharray="120 400" stroke-linecap="round" transform="rotate(-90 0 52)"/>`;
  const face = round
    ? `<circle cx="0" cy="0" r="150" fill="url(#${u}-case)"/>` +
      `<circle cx="0" cy="0" r="128" fill="url(#${u}-dial)"/>` +
      Array.from({ length: 12 }, (_, i) => `<rect x="-3" y="-118" width="6" height="${i % 3 === 0 ? 22 : 12}" fill="#e8e8e8" transform="rotate(${i * 30})"/>`).join('') +
      `<rect x="-4" y="-80" width="8" height="84" rx="4" fill="#ffffff" transform="rotate(-60)"/>` +
      `<rect x="-3" y="-104" width="6" height="108" rx="3" fill="#ffffff" transform="rotate(48)"/>` +
      `<rect x="-1.5" y="-110" width="3" height="124" fill="${c.accent}" transform="rotate(200)"/>` +
      `<circle r="8" fill="${c.accent}"/>` +
      `<rect x="148" y="-22" width="26" height="44" rx="8" fill="${shade(c.body, -0.2)}"/>`
    : `<rect x="-140" y="-170" width="280" height="340" rx="74" fill="url(#${u}-case)"/>` +
      `<rect x="-124" y="-154" width="248" height="308" rx="60" fill="url(#${u}-dial)"/>` +
      `<text x="0" y="-40" font-family="sans-serif" font-size="78" font-weight="600" fill="#ffffff" text-anchor="middle">10:09</text>` +
      `<text x="0" y="-118" font-family="sans-serif" font-size="18" fill="${shade(c.accent, 0.3)}" text-anchor="middle">TUE 12</text>` +
      rings +
      `<rect x="138" y="-70" width="22" height="60" rx="10" fill="${shade(c.body, -0.2)}"/>` +
      `<rect x="140" y="20" width="14" height="60" rx="6" fill="${shade(c.body, -0.15)}"/>`;
  return { defs, body: strap + face + `<path d="M-120 -150 L 60 -150 L -120 60 Z" fill="#ffffff" opacity="0.05"/>`, bottom: 330, halfWidth: 160 };
}

function watchBack(c: DrawContext): Drawing {
  const { u } = c;
  const strapDark = shade(c.accent, -0.3);
  const defs =
    metalDefs(`${u}-case`, c.body) +
    linear(
      `${u}-strap`,
      [
        [0, strapDark],
        [0.5, c.accent],
        [1, strapDark],
      ],
      1,
      0,
    ) +
    radial(`${u}-sensor`, [
      [0, '#3a3d45'],
      [1, '#101114'],
    ]);
  const round = c.variant === 'round';
  const body =
    `<rect x="-88" y="-330" width="176" height="250" rx="26" fill="url(#${u}-strap)"/>` +
    `<rect x="-88" y="80" width="176" height="250" rx="26" fill="url(#${u}-strap)"/>` +
    `<rect x="-60" y="260" width="120" height="40" rx="10" fill="none" stroke="${shade(c.body, 0.1)}" stroke-width="10"/>` +
    (round ? `<circle r="150" fill="url(#${u}-case)"/>` : `<rect x="-140" y="-170" width="280" height="340" rx="74" fill="url(#${u}-case)"/>`) +
    `<circle r="105" fill="url(#${u}-sensor)"/>` +
    `<circle r="105" fill="none" stroke="${shade(c.body, 0.3)}" stroke-width="4"/>` +
    `<circle r="40" fill="#0c0d10" stroke="#2c2f36" stroke-width="3"/>` +
    [0, 90, 180, 270].map((a) => `<circle cx="0" cy="-20" r="7" fill="#2fd16b" opacity="0.85" transform="rotate(${a}) translate(0 -48)"/>`).join('') +
    `<circle cx="0" cy="0" r="9" fill="#ff4040" opacity="0.7"/>`;
  return { defs, body, bottom: 330, halfWidth: 160 };
}

function tvScreen(c: DrawContext, scene: number): string {
  const { u } = c;
  const sky = `<rect x="-300" y="-200" width="600" height="338" fill="url(#${u}-sky)"/>`;
  if (scene === 0) {
    return (
      sky +
      `<circle cx="${pick(c.seed, -150, 150)}" cy="-80" r="46" fill="#fff3c4" opacity="0.95"/>` +
      `<path d="M-300 60 L -170 -60 L -60 30 L 40 -90 L 180 40 L 300 -30 L 300 138 L -300 138 Z" fill="${shade(c.accent, -0.45)}"/>` +
      `<path d="M-300 100 L -120 10 L 20 90 L 160 20 L 300 80 L 300 138 L -300 138 Z" fill="${shade(c.accent, -0.65)}"/>`
    );
  }
  return (
    sky +
    Array.from(
      { length: 7 },
      (_, i) => `<circle cx="${-250 + i * 85}" cy="${-40 + ((i * 53) % 90)}" r="${30 + ((i * 17) % 40)}" fill="#ffffff" opacity="${0.08 + (i % 3) * 0.05}"/>`,
    ).join('') +
    `<path d="M-300 138 C -120 0, 80 180, 300 40 L 300 138 Z" fill="${shade(c.accent, 0.3)}" opacity="0.6"/>`
  );
}

function tvFront(c: DrawContext, scene = 0): Drawing {
  const { u } = c;
  const defs =
    linear(`${u}-sky`, [
      [0, shade(c.accent, 0.45)],
      [0.55, c.accent],
      [1, shade(c.accent, -0.4)],
    ]) + metalDefs(`${u}-stand`, c.body);
  const pedestal = c.variant === 'pedestal';
  const stand = pedestal
    ? `<rect x="-20" y="145" width="40" height="60" fill="url(#${u}-stand)"/><rect x="-140" y="200" width="280" height="16" rx="8" fill="url(#${u}-stand)"/>`
    : `<path d="M-250 148 L -270 212 L -240 212 L -225 148 Z" fill="url(#${u}-stand)"/><path d="M250 148 L 270 212 L 240 212 L 225 148 Z" fill="url(#${u}-stand)"/>`;
  const body =
    stand +
    `<rect x="-312" y="-212" width="624" height="362" rx="10" fill="${shade(c.body, -0.15)}"/>` +
    `<rect x="-306" y="-206" width="612" height="350" rx="6" fill="#050506"/>` +
    `<clipPath id="${u}-tvclip"><rect x="-300" y="-200" width="600" height="338"/></clipPath>` +
    `<g clip-path="url(#${u}-tvclip)">${tvScreen(c, scene)}<path d="M-300 -200 L 120 -200 L -300 100 Z" fill="#ffffff" opacity="0.06"/></g>` +
    `<rect x="-20" y="141" width="40" height="5" rx="2" fill="${shade(c.body, 0.2)}"/>` +
    (c.label
      ? `<text x="0" y="-160" font-family="sans-serif" font-size="20" font-weight="700" letter-spacing="3" fill="#ffffff" opacity="0.85" text-anchor="middle">${escapeXml(c.label)}</text>`
      : '');
  return { defs, body, bottom: 212, halfWidth: 320 };
}

function tvAngled(c: DrawContext): Drawing {
  const front = tvFront({ ...c, u: `${c.u}f` }, 1);
  // A cheap perspective: shear the front and add the cabinet's side as a dark strip.
  const body = `<g transform="matrix(0.86 -0.1 0 1 -20 0)">` + `<path d="M312 -212 L 336 -206 L 336 146 L 312 150 Z" fill="${shade(c.body, -0.45)}"/>` + front.body + `</g>`;
  return { defs: front.defs, body, bottom: 200, halfWidth: 300 };
}

function cameraFront(c: DrawContext): Drawing {
  const { u } = c;
  const dslr = c.variant === 'dslr';
  const defs =
    linear(`${u}-cam`, [
      [0, shade(c.body, 0.25)],
      [0.5, c.body],
      [1, shade(c.body, -0.35)],
    ]) +
    linear(
      `${u}-grip`,
      [
        [0, shade(c.body, -0.1)],
        [1, shade(c.body, -0.55)],
      ],
      1,
      0,
    ) +
    metalDefs(`${u}-barrel`, '#2d2f34') +
    glassDefs(u, c.accent);
  const hump = dslr
    ? `<path d="M-85 -150 L -60 -215 L 60 -215 L 85 -150 Z" fill="url(#${u}-cam)"/>`
    : `<path d="M-70 -150 L -50 -200 L 50 -200 L 70 -150 Z" fill="url(#${u}-cam)"/>`;
  const body =
    hump +
    `<rect x="-260" y="-160" width="520" height="300" rx="${dslr ? 40 : 26}" fill="url(#${u}-cam)"/>` +
    `<rect x="-260" y="-120" width="120" height="260" rx="34" fill="url(#${u}-grip)"/>` +
    Array.from({ length: 8 }, (_, i) => `<line x1="-250" y1="${-90 + i * 28}" x2="-150" y2="${-90 + i * 28}" stroke="#000000" stroke-opacity="0.12" stroke-width="3"/>`).join('') +
    `<rect x="-230" y="-190" width="70" height="28" rx="8" fill="${shade(c.body, -0.3)}"/>` +
    `<circle cx="180" cy="-178" r="30" fill="${shade(c.body, -0.25)}" stroke="${shade(c.body, 0.25)}" stroke-width="4"/>` +
    `<circle cx="180" cy="-178" r="12" fill="${shade(c.body, 0.1)}"/>` +
    `<circle cx="40" cy="0" r="168" fill="url(#${u}-barrel)"/>` +
    `<circle cx="40" cy="0" r="150" fill="none" stroke="#15161a" stroke-width="16" stroke-dasharray="6 6"/>` +
    `<circle cx="40" cy="0" r="132" fill="none" stroke="${c.accent}" stroke-width="5"/>` +
    lens(u, 40, 0, 118, '#1a1b1f') +
    `<circle cx="215" cy="-110" r="10" fill="${c.accent}"/>` +
    (c.label
      ? `<text x="-185" y="-128" font-family="sans-serif" font-size="24" font-weight="700" fill="#ffffff" opacity="0.85" text-anchor="middle">${escapeXml(c.label)}</text>`
      : '');
  return { defs, body, bottom: 140, halfWidth: 265 };
}

function cameraBack(c: DrawContext): Drawing {
  const { u } = c;
  const defs =
    linear(`${u}-cam`, [
      [0, shade(c.body, 0.2)],
      [1, shade(c.body, -0.35)],
    ]) + wallpaperDefs(u, c.accent);
  const body =
    `<path d="M-60 -150 L -45 -210 L 95 -210 L 110 -150 Z" fill="url(#${u}-cam)"/>` +
    `<rect x="-10" y="-200" width="90" height="44" rx="16" fill="#111214"/>` +
    `<rect x="-260" y="-160" width="520" height="300" rx="26" fill="url(#${u}-cam)"/>` +
    `<rect x="-220" y="-110" width="300" height="205" rx="14" fill="#0b0c0e"/>` +
    wallpaper(u, -212, -102, 284, 189, 8, c.accent, `${c.seed}:cam`) +
    `<circle cx="170" cy="-60" r="36" fill="${shade(c.body, -0.3)}" stroke="${shade(c.body, 0.2)}" stroke-width="5"/>` +
    `<circle cx="170" cy="-60" r="14" fill="${shade(c.body, -0.5)}"/>` +
    [
      [130, 40],
      [210, 40],
      [130, 100],
      [210, 100],
    ]
      .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="16" fill="${shade(c.body, -0.4)}"/>`)
      .join('') +
    `<circle cx="170" cy="70" r="6" fill="${c.accent}"/>`;
  return { defs, body, bottom: 140, halfWidth: 265 };
}

function speakerSide(c: DrawContext): Drawing {
  const { u } = c;
  const defs =
    linear(`${u}-fabric`, [
      [0, shade(c.body, 0.25)],
      [0.45, c.body],
      [1, shade(c.body, -0.45)],
    ]) +
    `<pattern id="${u}-weave" width="10" height="10" patternUnits="userSpaceOnUse"><rect width="10" height="10" fill="none"/><path d="M0 5 L10 5 M5 0 L5 10" stroke="#000000" stroke-opacity="0.08" stroke-width="2"/></pattern>` +
    radial(`${u}-cap`, [
      [0, shade(c.accent, 0.1)],
      [0.7, shade(c.accent, -0.3)],
      [1, shade(c.accent, -0.55)],
    ]);
  const body =
    `<rect x="-300" y="-120" width="600" height="240" rx="120" fill="url(#${u}-fabric)"/>` +
    `<rect x="-300" y="-120" width="600" height="240" rx="120" fill="url(#${u}-weave)"/>` +
    `<ellipse cx="-290" cy="0" rx="38" ry="118" fill="url(#${u}-cap)"/>` +
    `<ellipse cx="290" cy="0" rx="38" ry="118" fill="url(#${u}-cap)"/>` +
    `<ellipse cx="-290" cy="0" rx="18" ry="64" fill="${shade(c.accent, -0.6)}" opacity="0.5"/>` +
    `<ellipse cx="290" cy="0" rx="18" ry="64" fill="${shade(c.accent, -0.6)}" opacity="0.5"/>` +
    `<rect x="-80" y="-30" width="160" height="60" rx="30" fill="${c.accent}"/>` +
    `<text x="0" y="10" font-family="sans-serif" font-size="30" font-weight="800" fill="${luminance(c.accent) > 0.6 ? '#111111' : '#ffffff'}" text-anchor="middle">${escapeXml(c.label || 'SOUND')}</text>` +
    `<rect x="-240" y="-112" width="480" height="40" rx="20" fill="#ffffff" opacity="0.12"/>` +
    [-60, -20, 20, 60].map((x) => `<circle cx="${x}" cy="-104" r="7" fill="${shade(c.body, -0.4)}"/>`).join('');
  return { defs, body, bottom: 120, halfWidth: 320 };
}

function speakerStanding(c: DrawContext): Drawing {
  const side = speakerSide(c);
  return { defs: side.defs, body: `<g transform="rotate(-90)">${side.body}</g>`, bottom: 330, halfWidth: 130 };
}

function fridgeFront(c: DrawContext): Drawing {
  const { u } = c;
  const single = c.variant === 'single-door';
  const defs =
    metalDefs(`${u}-door`, c.body) +
    linear(
      `${u}-handle`,
      [
        [0, shade(c.body, 0.4)],
        [1, shade(c.body, -0.3)],
      ],
      1,
      0,
    );
  const doors = single
    ? `<rect x="-190" y="-320" width="380" height="170" rx="14" fill="url(#${u}-door)"/>` +
      `<rect x="-190" y="-144" width="380" height="454" rx="14" fill="url(#${u}-door)"/>` +
      `<rect x="140" y="-290" width="16" height="110" rx="8" fill="url(#${u}-handle)"/>` +
      `<rect x="140" y="-110" width="16" height="200" rx="8" fill="url(#${u}-handle)"/>` +
      `<rect x="-150" y="-110" width="90" height="34" rx="6" fill="#15171b"/>` +
      `<text x="-105" y="-86" font-family="sans-serif" font-size="20" fill="${c.accent}" text-anchor="middle">4°C</text>`
    : `<rect x="-190" y="-320" width="187" height="630" rx="14" fill="url(#${u}-door)"/>` +
      `<rect x="3" y="-320" width="187" height="630" rx="14" fill="url(#${u}-door)"/>` +
      `<rect x="-40" y="-200" width="16" height="240" rx="8" fill="url(#${u}-handle)"/>` +
      `<rect x="24" y="-200" width="16" height="240" rx="8" fill="url(#${u}-handle)"/>` +
      `<rect x="-150" y="-190" width="86" height="120" rx="10" fill="#15171b"/>` +
      `<rect x="-128" y="-140" width="42" height="50" rx="6" fill="#2a2d33"/>` +
      `<text x="-107" y="-160" font-family="sans-serif" font-size="20" fill="${c.accent}" text-anchor="middle">-18°</text>`;
  const body =
    `<rect x="-176" y="300" width="30" height="20" rx="4" fill="#222"/><rect x="146" y="300" width="30" height="20" rx="4" fill="#222"/>` +
    `<rect x="-194" y="-324" width="388" height="630" rx="18" fill="${shade(c.body, -0.35)}"/>` +
    doors +
    `<path d="M-190 -320 L -40 -320 L -190 20 Z" fill="#ffffff" opacity="0.1"/>` +
    (c.label
      ? `<text x="0" y="290" font-family="sans-serif" font-size="18" font-weight="700" letter-spacing="3" fill="${shade(c.body, -0.5)}" text-anchor="middle">${escapeXml(c.label)}</text>`
      : '');
  return { defs, body, bottom: 320, halfWidth: 200 };
}

function fridgeAngled(c: DrawContext): Drawing {
  const front = fridgeFront({ ...c, u: `${c.u}f` });
  const body =
    `<g transform="translate(-40 0)">` +
    `<path d="M194 -324 L 290 -290 L 290 300 L 194 320 Z" fill="${shade(c.body, -0.3)}"/>` +
    `<path d="M194 -324 L 290 -290 L 290 -270 L 194 -300 Z" fill="${shade(c.body, 0.1)}"/>` +
    `<g transform="matrix(0.92 0 0 1 -15 0)">${front.body}</g>` +
    `</g>`;
  return { defs: front.defs, body, bottom: 320, halfWidth: 240 };
}

function trimmerFront(c: DrawContext, withComb: boolean): Drawing {
  const { u } = c;
  const defs =
    linear(
      `${u}-trim`,
      [
        [0, shade(c.body, -0.35)],
        [0.3, shade(c.body, 0.2)],
        [0.6, c.body],
        [1, shade(c.body, -0.45)],
      ],
      1,
      0,
    ) + metalDefs(`${u}-blade`, '#b9bec6');
  const teeth = Array.from({ length: 14 }, (_, i) => `<rect x="${-84 + i * 12}" y="-320" width="7" height="26" rx="2" fill="#8a9099"/>`).join('');
  const comb = withComb
    ? `<path d="M-100 -250 L -100 -340 L 100 -340 L 100 -250 Z" fill="${c.accent}" opacity="0.55"/>` +
      Array.from({ length: 11 }, (_, i) => `<rect x="${-95 + i * 18}" y="-370" width="8" height="60" rx="3" fill="${shade(c.accent, -0.1)}" opacity="0.85"/>`).join('')
    : '';
  const body =
    `<path d="M-90 -260 C -95 -100, -70 150, -55 270 Q 0 300 55 270 C 70 150, 95 -100, 90 -260 Z" fill="url(#${u}-trim)"/>` +
    `<rect x="-95" y="-300" width="190" height="48" rx="12" fill="url(#${u}-blade)"/>` +
    teeth +
    comb +
    `<circle cx="0" cy="-90" r="30" fill="${shade(c.body, -0.3)}"/>` +
    `<circle cx="0" cy="-90" r="22" fill="${c.accent}"/>` +
    `<path d="M0 -102 L 0 -88 M -9 -96 A 12 12 0 1 0 9 -96" stroke="#ffffff" stroke-width="3" fill="none" stroke-linecap="round"/>` +
    `<rect x="-30" y="-20" width="60" height="10" rx="5" fill="${c.accent}" opacity="0.8"/>` +
    Array.from({ length: 9 }, (_, i) => `<rect x="-48" y="${40 + i * 22}" width="96" height="8" rx="4" fill="#000000" opacity="0.14"/>`).join('') +
    `<path d="M-60 -250 C -62 -100, -48 120, -38 250" stroke="#ffffff" stroke-opacity="0.22" stroke-width="10" fill="none" stroke-linecap="round"/>` +
    (c.label
      ? `<text x="0" y="-135" font-family="sans-serif" font-size="18" font-weight="700" letter-spacing="2" fill="#ffffff" opacity="0.8" text-anchor="middle">${escapeXml(c.label)}</text>`
      : '');
  return { defs, body, bottom: 290, halfWidth: 110 };
}

function mouseTop(c: DrawContext): Drawing {
  const { u } = c;
  const defs = radial(
    `${u}-shell`,
    [
      [0, shade(c.body, 0.3)],
      [0.6, c.body],
      [1, shade(c.body, -0.4)],
    ],
    0.4,
    0.35,
    0.7,
  );
  const shell = 'M0 -240 C 120 -240, 150 -120, 150 20 C 150 170, 90 240, 0 240 C -90 240, -150 170, -150 20 C -150 -120, -120 -240, 0 -240 Z';
  const body =
    `<path d="${shell}" fill="url(#${u}-shell)"/>` +
    `<path d="M0 -240 L 0 -70" stroke="${shade(c.body, -0.4)}" stroke-width="4"/>` +
    `<path d="M-148 -40 C -80 -70, 80 -70, 148 -40" stroke="${shade(c.body, -0.4)}" stroke-width="3" fill="none"/>` +
    `<rect x="-16" y="-200" width="32" height="78" rx="16" fill="#1b1c20"/>` +
    Array.from({ length: 6 }, (_, i) => `<rect x="-12" y="${-194 + i * 12}" width="24" height="4" rx="2" fill="${c.accent}" opacity="0.9"/>`).join('') +
    `<path d="M-150 -10 C -170 40, -165 110, -130 150" stroke="${c.accent}" stroke-width="10" fill="none" stroke-linecap="round" opacity="0.9"/>` +
    (c.label
      ? `<text x="0" y="160" font-family="sans-serif" font-size="22" font-weight="700" letter-spacing="3" fill="${shade(c.body, luminance(c.body) > 0.5 ? -0.5 : 0.45)}" text-anchor="middle">${escapeXml(c.label)}</text>`
      : '') +
    `<ellipse cx="-50" cy="-150" rx="45" ry="70" fill="#ffffff" opacity="0.12" transform="rotate(-18 -50 -150)"/>`;
  return { defs, body, bottom: 240, halfWidth: 160 };
}

function mouseSide(c: DrawContext): Drawing {
  const { u } = c;
  const defs = linear(`${u}-side`, [
    [0, shade(c.body, 0.3)],
    [0.5, c.body],
    [1, shade(c.body, -0.45)],
  ]);
  const body =
    `<path d="M-280 90 C -280 -20, -180 -140, -20 -140 C 140 -140, 280 -60, 290 60 C 292 90, 280 110, 250 110 L -250 110 C -272 110, -280 100, -280 90 Z" fill="url(#${u}-side)"/>` +
    `<path d="M-270 100 L 270 100" stroke="#111" stroke-width="14" stroke-linecap="round"/>` +
    `<path d="M-120 -30 C -60 -50, 40 -50, 110 -20" stroke="${shade(c.body, -0.35)}" stroke-width="4" fill="none"/>` +
    `<rect x="-40" y="-10" width="56" height="24" rx="10" fill="${shade(c.body, -0.3)}"/>` +
    `<rect x="30" y="-10" width="56" height="24" rx="10" fill="${shade(c.body, -0.3)}"/>` +
    `<path d="M-200 40 C -120 20, 60 20, 200 50" stroke="${c.accent}" stroke-width="8" fill="none" stroke-linecap="round"/>` +
    `<path d="M-180 -60 C -120 -120, 0 -130, 90 -110" stroke="#ffffff" stroke-opacity="0.25" stroke-width="12" fill="none" stroke-linecap="round"/>`;
  return { defs, body, bottom: 115, halfWidth: 290 };
}

function printerFront(c: DrawContext): Drawing {
  const { u } = c;
  const defs =
    linear(`${u}-case`, [
      [0, shade(c.body, 0.25)],
      [1, shade(c.body, -0.25)],
    ]) +
    linear(`${u}-lid`, [
      [0, shade(c.body, 0.4)],
      [1, shade(c.body, 0.05)],
    ]);
  const lines = Array.from({ length: 6 }, (_, i) => `<rect x="-120" y="${-215 + i * 16}" width="${180 - (i % 3) * 30}" height="6" rx="3" fill="#9aa3b0"/>`).join('');
  const body =
    `<rect x="-150" y="-250" width="300" height="120" rx="4" fill="#ffffff" stroke="#d5dae1" stroke-width="2"/>` +
    lines +
    `<rect x="-300" y="-150" width="600" height="70" rx="20" fill="url(#${u}-lid)"/>` +
    `<rect x="-300" y="-100" width="600" height="260" rx="24" fill="url(#${u}-case)"/>` +
    `<rect x="-220" y="10" width="440" height="18" rx="9" fill="${shade(c.body, -0.55)}"/>` +
    `<path d="M-170 20 L 170 20 L 190 90 L -190 90 Z" fill="#ffffff" stroke="#d5dae1" stroke-width="2"/>` +
    `<rect x="-130" y="40" width="160" height="7" rx="3" fill="#b7bec9"/><rect x="-130" y="56" width="220" height="7" rx="3" fill="#b7bec9"/>` +
    `<rect x="140" y="-70" width="120" height="60" rx="8" fill="#101216"/>` +
    `<rect x="148" y="-62" width="104" height="44" rx="4" fill="${c.accent}" opacity="0.85"/>` +
    `<circle cx="-250" cy="-50" r="12" fill="${shade(c.body, -0.35)}"/><circle cx="-250" cy="-50" r="5" fill="#4ade80"/>` +
    `<rect x="-300" y="130" width="600" height="30" rx="12" fill="${shade(c.body, -0.2)}"/>` +
    (c.label
      ? `<text x="-160" y="-40" font-family="sans-serif" font-size="22" font-weight="700" fill="${shade(c.body, luminance(c.body) > 0.5 ? -0.55 : 0.5)}" text-anchor="middle">${escapeXml(c.label)}</text>`
      : '');
  return { defs, body, bottom: 160, halfWidth: 305 };
}

function printerAngled(c: DrawContext): Drawing {
  const front = printerFront({ ...c, u: `${c.u}f` });
  const body =
    `<g transform="translate(-30 20)">` +
    `<path d="M300 -150 L 360 -190 L 360 120 L 300 160 Z" fill="${shade(c.body, -0.35)}"/>` +
    `<path d="M-300 -150 L -240 -190 L 360 -190 L 300 -150 Z" fill="${shade(c.body, 0.3)}"/>` +
    `<g transform="matrix(1 0 0 1 0 0)">${front.body}</g>` +
    `</g>`;
  return { defs: front.defs, body, bottom: 180, halfWidth: 320 };
}

function chipTop(c: DrawContext): Drawing {
  const { u } = c;
  const defs =
    linear(
      `${u}-pcb`,
      [
        [0, shade(c.accent, -0.1)],
        [1, shade(c.accent, -0.5)],
      ],
      1,
      1,
    ) +
    linear(
      `${u}-ihs`,
      [
        [0, '#f2f4f7'],
        [0.35, '#c5cad2'],
        [0.7, '#e4e7ec'],
        [1, '#9ea5b0'],
      ],
      1,
      1,
    );
  const smd = Array.from({ length: 10 }, (_, i) => `<rect x="${-180 + i * 38}" y="212" width="14" height="8" rx="1" fill="#c9a24a"/>`).join('');
  const lines = (c.label || 'CPU').split('|');
  const text = lines
    .map(
      (line, i) =>
        `<text x="0" y="${-40 + i * 48}" font-family="sans-serif" font-size="${i === 0 ? 46 : 28}" font-weight="${i === 0 ? 800 : 500}" fill="#3b4048" text-anchor="middle">${escapeXml(line)}</text>`,
    )
    .join('');
  const body =
    `<rect x="-250" y="-250" width="500" height="500" rx="18" fill="url(#${u}-pcb)"/>` +
    smd +
    `<path d="M-250 -250 L -200 -250 L -250 -200 Z" fill="#e8c15a"/>` +
    `<rect x="-195" y="-195" width="390" height="390" rx="26" fill="url(#${u}-ihs)"/>` +
    `<rect x="-195" y="-195" width="390" height="390" rx="26" fill="none" stroke="#ffffff" stroke-opacity="0.6" stroke-width="3"/>` +
    `<rect x="-150" y="-150" width="300" height="300" rx="10" fill="none" stroke="${c.body}" stroke-width="6" opacity="0.7"/>` +
    text +
    `<path d="M-195 -195 L 60 -195 L -195 60 Z" fill="#ffffff" opacity="0.25"/>`;
  return { defs, body, bottom: 250, halfWidth: 260 };
}

function chipBottom(c: DrawContext): Drawing {
  const { u } = c;
  const defs =
    linear(
      `${u}-pcb`,
      [
        [0, shade(c.accent, -0.05)],
        [1, shade(c.accent, -0.5)],
      ],
      1,
      1,
    ) +
    `<pattern id="${u}-pads" width="20" height="20" patternUnits="userSpaceOnUse" x="-200" y="-200"><circle cx="10" cy="10" r="5.5" fill="#d9b45a"/><circle cx="8.5" cy="8.5" r="2" fill="#fff3c2" opacity="0.7"/></pattern>`;
  const body =
    `<rect x="-250" y="-250" width="500" height="500" rx="18" fill="url(#${u}-pcb)"/>` +
    `<rect x="-220" y="-220" width="440" height="440" fill="url(#${u}-pads)"/>` +
    `<rect x="-70" y="-70" width="140" height="140" rx="6" fill="${shade(c.accent, -0.35)}"/>` +
    Array.from({ length: 16 }, (_, i) => `<rect x="${-60 + (i % 4) * 32}" y="${-60 + Math.floor(i / 4) * 32}" width="18" height="10" rx="2" fill="#b88a3a"/>`).join('') +
    `<path d="M-250 -250 L -200 -250 L -250 -200 Z" fill="#e8c15a"/>`;
  return { defs, body, bottom: 250, halfWidth: 260 };
}

function inEarBud(u: string, c: DrawContext, x: number, y: number, angle: number, scale = 1): string {
  return (
    `<g transform="translate(${x} ${y}) rotate(${angle}) scale(${scale})">` +
    `<rect x="-16" y="0" width="32" height="90" rx="14" fill="url(#${u}-bud)"/>` +
    `<ellipse cx="0" cy="-8" rx="52" ry="46" fill="url(#${u}-bud)"/>` +
    `<ellipse cx="0" cy="-52" rx="30" ry="22" fill="${c.accent}"/>` +
    `<ellipse cx="0" cy="-56" rx="16" ry="10" fill="${shade(c.accent, -0.45)}"/>` +
    `<ellipse cx="-18" cy="-2" rx="16" ry="10" fill="#ffffff" opacity="0.35"/>` +
    `</g>`
  );
}

function earphoneDefs(u: string, c: DrawContext): string {
  return (
    linear(
      `${u}-bud`,
      [
        [0, shade(c.body, 0.35)],
        [0.6, c.body],
        [1, shade(c.body, -0.35)],
      ],
      1,
      1,
    ) + metalDefs(`${u}-jack`, '#c7ccd4')
  );
}

function earphonesCoiled(c: DrawContext): Drawing {
  const { u } = c;
  const cable = shade(c.body, -0.15);
  const body =
    `<path d="M-150 -110 C -150 40, -40 10, -10 90" stroke="${cable}" stroke-width="9" fill="none" stroke-linecap="round"/>` +
    `<path d="M150 -110 C 150 40, 40 10, 10 90" stroke="${cable}" stroke-width="9" fill="none" stroke-linecap="round"/>` +
    `<path d="M0 95 C 0 180, -220 150, -220 230 C -220 300, 120 300, 150 220 C 170 170, 60 150, 40 190" stroke="${cable}" stroke-width="9" fill="none" stroke-linecap="round"/>` +
    `<rect x="-16" y="80" width="32" height="34" rx="10" fill="${shade(c.body, -0.25)}"/>` +
    `<rect x="-110" y="128" width="40" height="86" rx="20" fill="${shade(c.body, -0.2)}" transform="rotate(20 -90 170)"/>` +
    `<circle cx="-90" cy="150" r="7" fill="${c.accent}" transform="rotate(20 -90 170)"/>` +
    `<g transform="translate(40 190) rotate(-30)"><rect x="-14" y="0" width="28" height="70" rx="8" fill="${shade(c.body, -0.2)}"/><rect x="-7" y="68" width="14" height="70" rx="5" fill="url(#${u}-jack)"/><rect x="-7" y="92" width="14" height="3" fill="#333"/><rect x="-7" y="110" width="14" height="3" fill="#333"/></g>` +
    inEarBud(u, c, -150, -170, -20) +
    inEarBud(u, c, 150, -170, 20);
  return { defs: earphoneDefs(u, c), body, bottom: 300, halfWidth: 240 };
}

function earphonesBuds(c: DrawContext): Drawing {
  const { u } = c;
  const cable = shade(c.body, -0.15);
  // The buds large, their cables meeting at the splitter and the jack below.
  const body =
    `<path d="M-60 0 C -70 110, -14 120, -8 200" stroke="${cable}" stroke-width="12" fill="none" stroke-linecap="round"/>` +
    `<path d="M60 0 C 70 110, 14 120, 8 200" stroke="${cable}" stroke-width="12" fill="none" stroke-linecap="round"/>` +
    `<path d="M0 220 L 0 300" stroke="${cable}" stroke-width="12" stroke-linecap="round"/>` +
    `<rect x="-22" y="190" width="44" height="46" rx="14" fill="${shade(c.body, -0.25)}"/>` +
    `<rect x="-5" y="206" width="10" height="10" rx="5" fill="${c.accent}"/>` +
    inEarBud(u, c, -125, -120, -28, 1.55) +
    inEarBud(u, c, 125, -120, 28, 1.55);
  return { defs: earphoneDefs(u, c), body, bottom: 300, halfWidth: 230 };
}

/** An open laptop seen from the front: the lid's screen above a keyboard deck in perspective. */
function laptopOpen(c: DrawContext, angled: boolean): Drawing {
  const { u } = c;
  const defs = metalDefs(`${u}-lid`, c.body) + wallpaperDefs(u, c.accent);
  const deck = shade(c.body, -0.12);
  const keys = Array.from({ length: 4 }, (_, row) =>
    Array.from({ length: 12 }, (_, col) => `<rect x="${-222 + col * 37 + row * 3}" y="${118 + row * 22}" width="31" height="16" rx="3" fill="${shade(c.body, -0.45)}"/>`).join(''),
  ).join('');
  const body =
    `<g transform="${angled ? 'matrix(0.9 -0.08 0 1 0 0)' : 'translate(0 0)'}">` +
    `<rect x="-250" y="-250" width="500" height="330" rx="18" fill="url(#${u}-lid)"/>` +
    `<rect x="-236" y="-236" width="472" height="302" rx="8" fill="#0a0b0d"/>` +
    wallpaper(u, -226, -226, 452, 282, 6, c.accent, c.seed) +
    `<path d="M-250 82 L 250 82 L 310 212 L -310 212 Z" fill="${deck}"/>` +
    keys +
    `<rect x="-70" y="214" width="140" height="8" rx="4" fill="${shade(c.body, -0.3)}"/>` +
    `<path d="M-226 -226 L 30 -226 L -226 40 Z" fill="#ffffff" opacity="0.06"/>` +
    `</g>`;
  return { defs, body, bottom: 222, halfWidth: 310 };
}

/** A power bank: a rounded brick with its charge LEDs and ports (`sideways`: lying on its side, ports in view). */
function powerBank(c: DrawContext, sideways: boolean): Drawing {
  const { u } = c;
  const defs = metalDefs(`${u}-pb`, c.body, !sideways);
  const leds = [0, 1, 2, 3].map((i) => `<circle cx="${-36 + i * 24}" cy="${sideways ? 60 : 250}" r="7" fill="${i < 3 ? c.accent : shade(c.body, -0.4)}"/>`).join('');
  const body = sideways
    ? `<rect x="-290" y="-110" width="580" height="220" rx="46" fill="url(#${u}-pb)"/>` +
      `<rect x="-250" y="-20" width="60" height="22" rx="8" fill="#15171b"/><rect x="-170" y="-20" width="40" height="22" rx="10" fill="#15171b"/>` +
      `<text x="120" y="-20" font-family="sans-serif" font-size="40" font-weight="700" fill="${shade(c.body, -0.5)}" text-anchor="middle">${c.label || '20000 mAh'}</text>` +
      leds
    : `<rect x="-170" y="-300" width="340" height="600" rx="54" fill="url(#${u}-pb)"/>` +
      `<rect x="-140" y="-270" width="280" height="470" rx="30" fill="${shade(c.body, 0.08)}"/>` +
      `<text x="0" y="-40" font-family="sans-serif" font-size="44" font-weight="700" fill="${c.accent}" text-anchor="middle">${c.label || '20000'}</text>` +
      `<text x="0" y="10" font-family="sans-serif" font-size="26" fill="${shade(c.body, -0.5)}" text-anchor="middle">mAh</text>` +
      leds;
  return { defs, body, bottom: sideways ? 110 : 300, halfWidth: sideways ? 290 : 170 };
}

type Drawer = (c: DrawContext) => Drawing;

const DRAWERS: Record<DeviceKind, readonly [Drawer, Drawer]> = {
  phone: [phoneFront, phoneBack],
  earbuds: [earbudsCase, earbudsPair],
  watch: [watchFront, watchBack],
  tv: [(c) => tvFront(c, 0), tvAngled],
  camera: [cameraFront, cameraBack],
  speaker: [speakerSide, speakerStanding],
  fridge: [fridgeFront, fridgeAngled],
  trimmer: [(c) => trimmerFront(c, false), (c) => trimmerFront(c, true)],
  mouse: [mouseTop, mouseSide],
  printer: [printerFront, printerAngled],
  chip: [chipTop, chipBottom],
  earphones: [earphonesCoiled, earphonesBuds],
  laptop: [(c) => laptopOpen(c, false), (c) => laptopOpen(c, true)],
  powerbank: [(c) => powerBank(c, false), (c) => powerBank(c, true)],
};

// ---------------------------------------------------------------------------------------------
// Composition: a studio backdrop, a floor shadow and the device at a per-product angle.

function backdrop(size: number, accent: string, productColour: string, seed: string): { defs: string; body: string } {
  // A white product on a near-white backdrop disappears: give light products a deeper, cooler tint.
  const light = luminance(productColour) > 0.78;
  const base = light && luminance(accent) > 0.6 ? mix(accent, '#64748b', 0.5) : accent;
  const tint = mix(base, '#ffffff', light ? 0.7 : 0.88);
  const deeper = mix(base, '#ffffff', light ? 0.5 : 0.72);
  const cx = pick(`${seed}:bgx`, 0.3, 0.7);
  const defs =
    radial(
      'bg',
      [
        [0, '#ffffff'],
        [0.55, tint],
        [1, deeper],
      ],
      cx,
      0.35,
      0.9,
    ) +
    radial('floor', [
      [0, '#000000', 0.32],
      [0.6, '#000000', 0.1],
      [1, '#000000', 0],
    ]);
  const body = `<rect width="${size}" height="${size}" fill="url(#bg)"/>`;
  return { defs, body };
}

function placed(d: Drawing, x: number, y: number, scale: number, angle: number, floorY: number): string {
  const shadowW = d.halfWidth * scale * 1.15;
  return (
    `<ellipse cx="${x}" cy="${floorY}" rx="${shadowW}" ry="${Math.max(18, shadowW * 0.12)}" fill="url(#floor)"/>` +
    `<g transform="translate(${x} ${y}) rotate(${angle}) scale(${scale})">${d.body}</g>`
  );
}

/** `view` is the drawing's coordinate space; the raster is `width` x `height` (same aspect). */
function svgDocument(width: number, height: number, defs: string, body: string, view = { width, height }): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${view.width} ${view.height}"><defs>${defs}</defs>${body}</svg>`;
}

/**
 * The SVG sources of a product's views (2 to 4): front, other side, both together, and a
 * close-up. Deterministic: the same spec always gives the same strings.
 */
export function productArtSvgs(spec: ArtSpec): string[] {
  const count = Math.max(2, Math.min(4, Math.round(spec.views)));
  const [primary, secondary] = DRAWERS[spec.kind];
  // Layout is in a 1000-unit square; the raster size is PRODUCT_ART_SIZE.
  const size = 1000;
  const ctx = (u: string): DrawContext => ({
    u,
    body: spec.body,
    accent: spec.accent,
    label: spec.label ?? '',
    variant: spec.variant ?? '',
    seed: spec.seed,
  });
  const tilt = pick(`${spec.seed}:tilt`, -9, 9);
  const views: string[] = [];
  for (let view = 0; view < count; view++) {
    const bg = backdrop(size, spec.accent, spec.body, `${spec.seed}:${view}`);
    let defs = bg.defs;
    let body = bg.body;
    if (view === 0 || view === 1) {
      const d = (view === 0 ? primary : secondary)(ctx(`d${view}`));
      const fit = Math.min(1.25, 360 / Math.max(d.halfWidth, d.bottom));
      const angle = view === 0 ? tilt * 0.5 : -tilt;
      defs += d.defs;
      body += placed(d, size / 2, size / 2 - 10, fit, angle, size / 2 - 10 + d.bottom * fit + 30);
    } else if (view === 2) {
      // Both sides together, the back one smaller and behind.
      const back = secondary(ctx('d2b'));
      const front = primary(ctx('d2f'));
      const fitBack = Math.min(1, 250 / Math.max(back.halfWidth, back.bottom));
      const fitFront = Math.min(1.05, 300 / Math.max(front.halfWidth, front.bottom));
      defs += back.defs + front.defs;
      body += placed(back, 350, 440, fitBack, -8 + tilt * 0.3, 440 + back.bottom * fitBack + 40);
      body += placed(front, 620, 540, fitFront, 6 + tilt * 0.4, 540 + front.bottom * fitFront + 30);
    } else {
      // A close-up: the primary drawing enlarged and cropped by the frame.
      const d = primary(ctx('d3'));
      const zoom = 1.9 * Math.min(1, 340 / Math.max(d.halfWidth, d.bottom));
      const ox = pick(`${spec.seed}:zx`, -80, 80);
      defs += d.defs;
      body += `<g transform="translate(${size / 2 + ox} ${size / 2 + d.bottom * zoom * 0.35}) rotate(${tilt * 1.4}) scale(${zoom})">${d.body}</g>`;
    }
    views.push(svgDocument(PRODUCT_ART_SIZE, PRODUCT_ART_SIZE, defs, body, { width: size, height: size }));
  }
  return views;
}

// ---------------------------------------------------------------------------------------------
// Banners

export interface BannerArt {
  kind: 'desktop' | 'mobile';
  position: number;
  headline: string;
  subline: string;
  cta: string;
  /** Two background colours for the diagonal gradient. */
  from: string;
  to: string;
  devices: readonly { kind: DeviceKind; body: string; accent: string; label?: string; variant?: string }[];
  /** Where the banner links to, e.g. `/product-category?category=mobiles`. */
  link: string;
}

export const DESKTOP_BANNER_SIZE = { width: 1920, height: 560 } as const;
export const MOBILE_BANNER_SIZE = { width: 800, height: 800 } as const;

/** The SVG source of one home page banner with its headline drawn as text. */
export function bannerSvg(banner: BannerArt): string {
  const { width, height } = banner.kind === 'desktop' ? DESKTOP_BANNER_SIZE : MOBILE_BANNER_SIZE;
  const light = luminance(mix(banner.from, banner.to, 0.5)) > 0.6;
  const ink = light ? '#101828' : '#ffffff';
  const soft = light ? '#344054' : '#e4e7ec';
  let defs =
    linear(
      'bbg',
      [
        [0, banner.from],
        [1, banner.to],
      ],
      1,
      1,
    ) +
    radial('glow', [
      [0, '#ffffff', 0.35],
      [1, '#ffffff', 0],
    ]) +
    radial('floor', [
      [0, '#000000', 0.35],
      [1, '#000000', 0],
    ]);
  let body =
    `<rect width="${width}" height="${height}" fill="url(#bbg)"/>` +
    `<circle cx="${width * 0.05}" cy="${height * 1.05}" r="${height * 0.5}" fill="#ffffff" opacity="0.06"/>` +
    `<circle cx="${width * 0.62}" cy="${height * -0.1}" r="${height * 0.35}" fill="#ffffff" opacity="0.05"/>`;
  const devices = banner.devices.map((device, i) =>
    DRAWERS[device.kind][0]({
      u: `b${i}`,
      body: device.body,
      accent: device.accent,
      label: device.label ?? '',
      variant: device.variant ?? '',
      seed: `${banner.headline}:${i}`,
    }),
  );
  for (const d of devices) defs += d.defs;

  if (banner.kind === 'desktop') {
    const stageX = width * 0.74;
    // Long headlines shrink rather than run into the devices.
    const headlineSize = Math.min(76, Math.floor(880 / (0.6 * banner.headline.length)));
    body += `<ellipse cx="${stageX}" cy="${height * 0.5}" rx="${height * 0.7}" ry="${height * 0.55}" fill="url(#glow)"/>`;
    devices.forEach((d, i) => {
      const n = devices.length;
      const x = stageX + (i - (n - 1) / 2) * 250;
      const scale = Math.min(0.95, (height * 0.36) / Math.max(d.bottom, d.halfWidth * 0.8)) * (i === Math.floor(n / 2) ? 1.08 : 0.9);
      const y = height * 0.5;
      body += placed(d, x, y, scale, (i - (n - 1) / 2) * 8, y + d.bottom * scale + 14);
    });
    body +=
      `<text x="120" y="${height * 0.38}" font-family="sans-serif" font-size="${headlineSize}" font-weight="800" fill="${ink}">${escapeXml(banner.headline)}</text>` +
      `<text x="122" y="${height * 0.38 + 62}" font-family="sans-serif" font-size="32" fill="${soft}">${escapeXml(banner.subline)}</text>` +
      `<rect x="120" y="${height * 0.38 + 110}" width="${48 + banner.cta.length * 17}" height="64" rx="32" fill="${ink}"/>` +
      `<text x="${120 + (48 + banner.cta.length * 17) / 2}" y="${height * 0.38 + 152}" font-family="sans-serif" font-size="28" font-weight="700" fill="${light ? '#ffffff' : '#111111'}" text-anchor="middle">${escapeXml(banner.cta)}</text>`;
  } else {
    body += `<ellipse cx="${width / 2}" cy="${height * 0.56}" rx="${width * 0.55}" ry="${height * 0.3}" fill="url(#glow)"/>`;
    devices.forEach((d, i) => {
      const n = devices.length;
      const x = width / 2 + (i - (n - 1) / 2) * 220;
      const scale = Math.min(0.8, (height * 0.22) / Math.max(d.bottom, d.halfWidth * 0.9)) * (i === Math.floor(n / 2) ? 1.06 : 0.88);
      const y = height * 0.56;
      body += placed(d, x, y, scale, (i - (n - 1) / 2) * 8, y + d.bottom * scale + 12);
    });
    body +=
      `<text x="${width / 2}" y="118" font-family="sans-serif" font-size="56" font-weight="800" fill="${ink}" text-anchor="middle">${escapeXml(banner.headline)}</text>` +
      `<text x="${width / 2}" y="170" font-family="sans-serif" font-size="28" fill="${soft}" text-anchor="middle">${escapeXml(banner.subline)}</text>` +
      `<rect x="${width / 2 - (40 + banner.cta.length * 15) / 2}" y="${height - 96}" width="${40 + banner.cta.length * 15}" height="56" rx="28" fill="${ink}"/>` +
      `<text x="${width / 2}" y="${height - 59}" font-family="sans-serif" font-size="24" font-weight="700" fill="${light ? '#ffffff' : '#111111'}" text-anchor="middle">${escapeXml(banner.cta)}</text>`;
  }
  return svgDocument(width, height, defs, body);
}
