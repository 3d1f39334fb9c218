import sharp from 'sharp';

/**
 * Stand-in food photos for the demo restaurant: top-down illustrations (a table, a plate, cup, glass
 * or bowl with a soft shadow, and the food drawn from simple shapes) written as SVG and rendered by
 * sharp. Everything is decided by a seed (the item's name), so every start draws the same picture.
 * The pictures hold no text: a server may have no fonts.
 */

export const DEMO_PHOTO_KINDS = [
  'espresso',
  'americano',
  'latte',
  'cappuccino',
  'mocha',
  'tea',
  'chai',
  'matcha',
  'iced-coffee',
  'juice',
  'lemonade',
  'smoothie',
  'croissant',
  'pain-au-chocolat',
  'cinnamon-roll',
  'muffin',
  'cookies',
  'cake-slice',
  'brownie',
  'tart',
  'toast',
  'breakfast-plate',
  'pancakes',
  'sandwich',
  'bagel',
  'yogurt-bowl',
  'salad',
  'grain-bowl',
  'soup',
] as const;
export type DemoPhotoKind = (typeof DEMO_PHOTO_KINDS)[number];

/** What to draw: a kind, and for some kinds a variant or a main colour (a smoothie's fruit). */
export interface DemoPhoto {
  kind: DemoPhotoKind;
  /** Kind-specific: 'rosetta' latte art, 'green' tea, 'chocolate' cake, 'caesar' salad… */
  variant?: string;
  /** The main food or drink colour, where the kind has one to choose (#rrggbb). */
  color?: string;
}

export const DEMO_PHOTO_WIDTH = 800;
export const DEMO_PHOTO_HEIGHT = 600;
const W = DEMO_PHOTO_WIDTH;
const H = DEMO_PHOTO_HEIGHT;

type Rand = () => number;
type Stop = [offset: number, color: string, opacity?: number];

/** A small deterministic generator (mulberry32) seeded by a string hash (FNV-1a). */
function seededRandom(seed: string): Rand {
  let hash = 2166136261;
  for (let index = 0; index < seed.length; index++) {
    hash ^= seed.charCodeAt(index);
    hash = Math.imul(hash, 16777619);
  }
  let state = hash >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One decimal is plenty for pixels and keeps the SVG small. */
const n = (value: number) => String(Math.round(value * 10) / 10);

/** Lightens (amount > 0) or darkens (amount < 0) a #rrggbb colour. */
function shade(hex: string, amount: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => {
    const c = (value >> shift) & 255;
    const next = amount >= 0 ? c + (255 - c) * amount : c * (1 + amount);
    return Math.max(0, Math.min(255, Math.round(next)));
  };
  return `#${[16, 8, 0].map((shift) => channel(shift).toString(16).padStart(2, '0')).join('')}`;
}

/** A closed smooth path through the points (Catmull-Rom turned into cubic Béziers). */
function smoothPath(points: [number, number][]): string {
  const count = points.length;
  const at = (index: number) => points[((index % count) + count) % count] as [number, number];
  const first = at(0);
  let d = `M${n(first[0])} ${n(first[1])}`;
  for (let index = 0; index < count; index++) {
    const [x0, y0] = at(index - 1);
    const [x1, y1] = at(index);
    const [x2, y2] = at(index + 1);
    const [x3, y3] = at(index + 2);
    d += `C${n(x1 + (x2 - x0) / 6)} ${n(y1 + (y2 - y0) / 6)} ${n(x2 - (x3 - x1) / 6)} ${n(y2 - (y3 - y1) / 6)} ${n(x2)} ${n(y2)}`;
  }
  return `${d}Z`;
}

/** A lumpy round shape: an egg white, a muffin top, a mound of avocado. */
function blobPath(cx: number, cy: number, rx: number, ry: number, rand: Rand, rough = 0.12, points = 14) {
  const list: [number, number][] = [];
  const turn = rand() * Math.PI * 2;
  for (let index = 0; index < points; index++) {
    const angle = turn + (index / points) * Math.PI * 2;
    const wobble = 1 + (rand() * 2 - 1) * rough;
    list.push([cx + Math.cos(angle) * rx * wobble, cy + Math.sin(angle) * ry * wobble]);
  }
  return smoothPath(list);
}

/**
 * Soft shadows are ellipses filled with one shared radial gradient: a blur filter looks the same here
 * but costs ten times the rendering time.
 */
const SHADOW = 'shadow';

/** A soft shadow ellipse (rotated by `angle` degrees), `strength` 0..1. */
function softShadow(cx: number, cy: number, rx: number, ry: number, angle = 0, strength = 1): string {
  const turn = angle ? ` transform="rotate(${n(angle)} ${n(cx)} ${n(cy)})"` : '';
  return `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="url(#${SHADOW})"${strength === 1 ? '' : ` opacity="${n(strength)}"`}${turn}/>`;
}

class Scene {
  private readonly defs: string[] = [];
  private readonly parts: string[] = [];
  private count = 0;

  constructor(readonly rand: Rand) {}

  between(low: number, high: number): number {
    return low + (high - low) * this.rand();
  }

  pick<T>(values: readonly T[]): T {
    return values[Math.floor(this.rand() * values.length)] as T;
  }

  /** A random point inside a circle (uniform over its area). */
  inCircle(cx: number, cy: number, r: number): [number, number] {
    const angle = this.rand() * Math.PI * 2;
    const distance = Math.sqrt(this.rand()) * r;
    return [cx + Math.cos(angle) * distance, cy + Math.sin(angle) * distance];
  }

  add(...svg: string[]): void {
    this.parts.push(...svg);
  }

  private id(prefix: string): string {
    this.count += 1;
    return `${prefix}${this.count}`;
  }

  private stops(stops: Stop[]): string {
    return stops
      .map(
        ([offset, color, opacity = 1]) =>
          `<stop offset="${n(offset)}" stop-color="${color}"${opacity === 1 ? '' : ` stop-opacity="${n(opacity)}"`}/>`,
      )
      .join('');
  }

  /** A radial gradient in the shape's own box; returns the fill reference. */
  radial(stops: Stop[], at: { cx?: number; cy?: number; r?: number; fx?: number; fy?: number } = {}): string {
    const id = this.id('r');
    const { cx = 0.5, cy = 0.5, r = 0.5, fx = cx, fy = cy } = at;
    this.defs.push(
      `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}" fx="${fx}" fy="${fy}">${this.stops(stops)}</radialGradient>`,
    );
    return `url(#${id})`;
  }

  /** A linear gradient in the shape's own box (0..1), top to bottom unless told. */
  linear(stops: Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
    const id = this.id('l');
    this.defs.push(
      `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${this.stops(stops)}</linearGradient>`,
    );
    return `url(#${id})`;
  }

  /** Shapes drawn inside a clip (the inside of a cup or bowl). */
  clipped(clipShape: string, content: string[]): void {
    const id = this.id('c');
    this.defs.push(`<clipPath id="${id}">${clipShape}</clipPath>`);
    this.parts.push(`<g clip-path="url(#${id})">${content.join('')}</g>`);
  }

  toSvg(): string {
    return (
      [
        `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`,
        '<defs>',
        `<radialGradient id="${SHADOW}"><stop offset="0" stop-color="#1b1108" stop-opacity="0.5"/><stop offset="0.7" stop-color="#1b1108" stop-opacity="0.36"/><stop offset="1" stop-color="#1b1108" stop-opacity="0"/></radialGradient>`,
        ...this.defs,
        '</defs>',
        ...this.parts,
        '</svg>',
      ]
        .join('')
        // librsvg draws an element with `opacity` through an offscreen surface (slow); our elements are
        // single shapes, for which fill and stroke opacity look the same and draw directly.
        .replace(/ opacity="([\d.]+)"/g, ' fill-opacity="$1" stroke-opacity="$1"')
    );
  }
}

// ---------------------------------------------------------------------------------------------------
// The table and what lies on it

const TABLES = ['oak', 'walnut', 'marble', 'slate', 'linen', 'sage'] as const;

function drawTable(s: Scene, style: (typeof TABLES)[number]): void {
  const full = `x="0" y="0" width="${W}" height="${H}"`;
  if (style === 'oak' || style === 'walnut') {
    const base = style === 'oak' ? '#c59a6d' : '#6e4a33';
    s.add(
      `<rect ${full} fill="${s.linear(
        [
          [0, shade(base, 0.08)],
          [1, shade(base, -0.12)],
        ],
        0,
        0,
        1,
        1,
      )}"/>`,
    );
    // Planks run across; grain lines follow them.
    const plank = s.between(150, 210);
    for (let y = s.between(-plank, 0); y < H; y += plank) {
      s.add(
        `<rect x="0" y="${n(y)}" width="${W}" height="${n(plank)}" fill="${shade(base, s.between(-0.1, 0.08))}" opacity="0.55"/>`,
      );
      s.add(`<rect x="0" y="${n(y)}" width="${W}" height="2.5" fill="${shade(base, -0.45)}" opacity="0.5"/>`);
      for (let line = 0; line < 9; line++) {
        const gy = y + s.between(6, plank - 6);
        const wave = s.between(-6, 6);
        s.add(
          `<path d="M0 ${n(gy)}C${n(W * 0.3)} ${n(gy + wave)} ${n(W * 0.6)} ${n(gy - wave)} ${W} ${n(gy + s.between(-4, 4))}" fill="none" stroke="${shade(base, s.rand() < 0.7 ? -0.35 : 0.3)}" stroke-width="${n(s.between(0.8, 2.6))}" opacity="${n(s.between(0.12, 0.3))}"/>`,
        );
      }
    }
  } else if (style === 'marble') {
    s.add(
      `<rect ${full} fill="${s.linear(
        [
          [0, '#f3f1ed'],
          [1, '#dedad3'],
        ],
        0,
        0,
        1,
        1,
      )}"/>`,
    );
    for (let vein = 0; vein < 7; vein++) {
      const y = s.between(-100, H + 100);
      const d = `M-20 ${n(y)}C${n(s.between(150, 300))} ${n(y + s.between(-160, 160))} ${n(s.between(450, 650))} ${n(y + s.between(-160, 160))} ${W + 20} ${n(y + s.between(-200, 200))}`;
      s.add(
        `<path d="${d}" fill="none" stroke="#9c958c" stroke-width="${n(s.between(1, 5))}" opacity="${n(s.between(0.1, 0.3))}"/>`,
      );
    }
  } else if (style === 'slate') {
    s.add(
      `<rect ${full} fill="${s.linear(
        [
          [0, '#4a5157'],
          [1, '#30363b'],
        ],
        0,
        0,
        1,
        1,
      )}"/>`,
    );
    for (let speck = 0; speck < 160; speck++) {
      s.add(
        `<circle cx="${n(s.between(0, W))}" cy="${n(s.between(0, H))}" r="${n(s.between(0.6, 2.2))}" fill="${s.rand() < 0.5 ? '#ffffff' : '#000000'}" opacity="${n(s.between(0.04, 0.12))}"/>`,
      );
    }
  } else if (style === 'linen') {
    s.add(`<rect ${full} fill="#e8dfcf"/>`);
    for (let x = 0; x < W; x += 6) {
      s.add(
        `<rect x="${x}" y="0" width="1.5" height="${H}" fill="#b9a98e" opacity="${n(s.between(0.06, 0.16))}"/>`,
      );
    }
    for (let y = 0; y < H; y += 6) {
      s.add(
        `<rect x="0" y="${y}" width="${W}" height="1.5" fill="#b9a98e" opacity="${n(s.between(0.05, 0.14))}"/>`,
      );
    }
  } else {
    s.add(
      `<rect ${full} fill="${s.linear(
        [
          [0, '#a9b8a0'],
          [1, '#8a9c82'],
        ],
        0,
        0,
        1,
        1,
      )}"/>`,
    );
    for (let stroke = 0; stroke < 30; stroke++) {
      const y = s.between(0, H);
      s.add(
        `<rect x="0" y="${n(y)}" width="${W}" height="${n(s.between(2, 10))}" fill="#ffffff" opacity="${n(s.between(0.02, 0.06))}"/>`,
      );
    }
  }
}

/** Window light from the top left and a gentle vignette, drawn over everything. */
function drawLight(s: Scene): void {
  s.add(
    `<rect x="0" y="0" width="${W}" height="${H}" fill="${s.radial(
      [
        [0, '#fff8ea', 0.22],
        [1, '#fff8ea', 0],
      ],
      { cx: 0.2, cy: 0.1, r: 0.8 },
    )}"/>`,
    `<rect x="0" y="0" width="${W}" height="${H}" fill="${s.radial(
      [
        [0.55, '#000000', 0],
        [1, '#000000', 0.32],
      ],
      { r: 0.75 },
    )}"/>`,
  );
}

/** A soft cast shadow under a round thing, falling to the bottom right. */
function shadow(s: Scene, cx: number, cy: number, r: number, strength = 1): void {
  s.add(
    softShadow(cx + r * 0.07, cy + r * 0.1, r * 1.14, r * 1.14, 0, strength),
    softShadow(cx + 2, cy + 4, r * 1.03, r * 1.03, 0, 0.5 * strength),
  );
}

function plate(s: Scene, cx: number, cy: number, r: number, color = '#f8f5ef'): void {
  shadow(s, cx, cy, r);
  s.add(
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${s.radial(
      [
        [0.7, color],
        [0.93, shade(color, -0.06)],
        [1, shade(color, -0.14)],
      ],
      { cx: 0.5, cy: 0.5, r: 0.5 },
    )}"/>`,
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.74)}" fill="${s.radial(
      [
        [0, shade(color, 0.3)],
        [0.85, color],
        [1, shade(color, -0.08)],
      ],
      { cx: 0.45, cy: 0.4, r: 0.6 },
    )}"/>`,
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.745)}" fill="none" stroke="${shade(color, -0.18)}" stroke-width="1.5" opacity="0.45"/>`,
    `<path d="M${n(cx - r * 0.86)} ${n(cy - r * 0.3)}A${n(r * 0.92)} ${n(r * 0.92)} 0 0 1 ${n(cx - r * 0.25)} ${n(cy - r * 0.88)}" fill="none" stroke="#ffffff" stroke-width="${n(r * 0.05)}" stroke-linecap="round" opacity="0.55"/>`,
  );
}

/** A wooden serving board, round. */
function board(s: Scene, cx: number, cy: number, r: number): void {
  shadow(s, cx, cy, r);
  s.add(
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${s.radial([
      [0, '#d9ad77'],
      [0.9, '#c38f55'],
      [1, '#9c6a37'],
    ])}"/>`,
  );
  for (let ring = 1; ring < 6; ring++) {
    s.add(
      `<circle cx="${n(cx + s.between(-8, 8))}" cy="${n(cy + s.between(-8, 8))}" r="${n((r * ring) / 6.3)}" fill="none" stroke="#8a5a2b" stroke-width="1.2" opacity="0.18"/>`,
    );
  }
}

/** A bowl seen from above: its rim, and the inside shaded deeper towards the top left. */
function bowl(s: Scene, cx: number, cy: number, r: number, color: string): number {
  shadow(s, cx, cy, r);
  s.add(
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${s.radial([
      [0.85, color],
      [1, shade(color, -0.2)],
    ])}"/>`,
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.9)}" fill="${s.radial(
      [
        [0, shade(color, 0.1)],
        [0.75, color],
        [1, shade(color, -0.25)],
      ],
      { cx: 0.58, cy: 0.6, r: 0.6 },
    )}"/>`,
    `<path d="M${n(cx - r * 0.93)} ${n(cy - r * 0.2)}A${n(r * 0.96)} ${n(r * 0.96)} 0 0 1 ${n(cx - r * 0.1)} ${n(cy - r * 0.95)}" fill="none" stroke="#ffffff" stroke-width="${n(r * 0.035)}" stroke-linecap="round" opacity="0.6"/>`,
  );
  return r * 0.84;
}

/** A cup on its saucer with the handle to the right; returns the radius of the drink. */
function cup(s: Scene, cx: number, cy: number, r: number, color = '#faf7f2'): number {
  plate(s, cx, cy, r * 1.55, color);
  const angle = s.between(-30, 30);
  s.add(
    `<g transform="rotate(${n(angle)} ${n(cx)} ${n(cy)})"><rect x="${n(cx + r * 0.82)}" y="${n(cy - r * 0.16)}" width="${n(r * 0.55)}" height="${n(r * 0.32)}" rx="${n(r * 0.16)}" fill="${shade(color, -0.05)}" stroke="${shade(color, -0.2)}" stroke-width="1.5"/></g>`,
  );
  shadow(s, cx, cy, r, 0.8);
  s.add(
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${s.radial([
      [0.8, color],
      [1, shade(color, -0.15)],
    ])}"/>`,
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.88)}" fill="${shade(color, -0.08)}"/>`,
  );
  return r * 0.84;
}

/** A drinking glass from above; returns the radius of the drink. */
function glass(s: Scene, cx: number, cy: number, r: number, drink: string): number {
  shadow(s, cx, cy, r, 0.6);
  s.add(
    `<circle cx="${n(cx + r * 0.1)}" cy="${n(cy + r * 0.14)}" r="${n(r * 0.95)}" fill="${drink}" opacity="0.25"/>`,
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="#ffffff" opacity="0.35"/>`,
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.9)}" fill="${s.radial(
      [
        [0, shade(drink, 0.2)],
        [0.8, drink],
        [1, shade(drink, -0.2)],
      ],
      { cx: 0.55, cy: 0.55 },
    )}"/>`,
  );
  return r * 0.9;
}

function glassRim(s: Scene, cx: number, cy: number, r: number): void {
  s.add(
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.95)}" fill="none" stroke="#ffffff" stroke-width="${n(r * 0.09)}" opacity="0.45"/>`,
    `<path d="M${n(cx - r * 0.8)} ${n(cy - r * 0.45)}A${n(r * 0.92)} ${n(r * 0.92)} 0 0 1 ${n(cx - r * 0.2)} ${n(cy - r * 0.9)}" fill="none" stroke="#ffffff" stroke-width="${n(r * 0.05)}" stroke-linecap="round" opacity="0.85"/>`,
  );
}

function iceCubes(s: Scene, cx: number, cy: number, r: number, count: number): string[] {
  const cubes: string[] = [];
  for (let index = 0; index < count; index++) {
    const [x, y] = s.inCircle(cx, cy, r * 0.55);
    const size = s.between(r * 0.28, r * 0.38);
    cubes.push(
      `<rect x="${n(x - size / 2)}" y="${n(y - size / 2)}" width="${n(size)}" height="${n(size)}" rx="${n(size * 0.22)}" transform="rotate(${n(s.between(0, 90))} ${n(x)} ${n(y)})" fill="#ffffff" fill-opacity="0.32" stroke="#ffffff" stroke-opacity="0.65" stroke-width="2"/>`,
    );
  }
  return cubes;
}

function straw(s: Scene, x: number, y: number, angle: number, color: string): void {
  const length = 150;
  s.add(
    `<g transform="rotate(${n(angle)} ${n(x)} ${n(y)})"><rect x="${n(x)}" y="${n(y - 9)}" width="${length}" height="18" rx="9" fill="#000000" opacity="0.18" transform="translate(8 10)"/><rect x="${n(x)}" y="${n(y - 9)}" width="${length}" height="18" rx="9" fill="${color}"/><rect x="${n(x)}" y="${n(y - 5)}" width="${length}" height="4" rx="2" fill="#ffffff" opacity="0.35"/><circle cx="${n(x + length)}" cy="${n(y)}" r="9" fill="${shade(color, -0.25)}"/><circle cx="${n(x + length)}" cy="${n(y)}" r="5" fill="${shade(color, -0.55)}"/></g>`,
  );
}

function napkin(s: Scene, x: number, y: number, size: number, angle: number, color: string): void {
  s.add(
    `<g transform="rotate(${n(angle)} ${n(x)} ${n(y)})"><rect x="${n(x - size / 2 + 6)}" y="${n(y - size / 2 + 8)}" width="${n(size)}" height="${n(size)}" fill="#000000" opacity="0.18"/><rect x="${n(x - size / 2)}" y="${n(y - size / 2)}" width="${n(size)}" height="${n(size)}" rx="4" fill="${s.linear(
      [
        [0, shade(color, 0.12)],
        [1, shade(color, -0.06)],
      ],
      0,
      0,
      1,
      1,
    )}"/><path d="M${n(x - size / 2)} ${n(y)}H${n(x + size / 2)}" stroke="${shade(color, -0.2)}" stroke-width="2" opacity="0.5"/><rect x="${n(x - size / 2 + 10)}" y="${n(y - size / 2 + 10)}" width="${n(size - 20)}" height="${n(size - 20)}" rx="2" fill="none" stroke="${shade(color, -0.15)}" stroke-width="1.5" stroke-dasharray="6 5" opacity="0.6"/></g>`,
  );
}

const METAL = (s: Scene) =>
  s.linear(
    [
      [0, '#eef1f3'],
      [0.45, '#b4bbc1'],
      [1, '#dfe3e6'],
    ],
    0,
    0,
    1,
    0,
  );

function spoon(s: Scene, x: number, y: number, angle: number, scale = 1): void {
  const metal = METAL(s);
  s.add(
    `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(angle)}) scale(${scale})"><g transform="translate(6 9)" opacity="0.22"><ellipse cx="0" cy="0" rx="22" ry="32" fill="#000"/><rect x="-6" y="28" width="12" height="130" rx="6" fill="#000"/></g><ellipse cx="0" cy="0" rx="22" ry="32" fill="${metal}"/><ellipse cx="-5" cy="-8" rx="9" ry="14" fill="#ffffff" opacity="0.5"/><rect x="-5.5" y="28" width="11" height="130" rx="5.5" fill="${metal}"/></g>`,
  );
}

function fork(s: Scene, x: number, y: number, angle: number): void {
  const metal = METAL(s);
  const tines = [-12, -4, 4, 12]
    .map((tx) => `<rect x="${tx - 2.5}" y="-58" width="5" height="46" rx="2.5" fill="${metal}"/>`)
    .join('');
  s.add(
    `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(angle)})"><g transform="translate(6 9)" opacity="0.22"><rect x="-16" y="-58" width="32" height="70" rx="10" fill="#000"/><rect x="-6" y="10" width="12" height="150" rx="6" fill="#000"/></g>${tines}<path d="M-15 -16Q-15 14 0 18Q15 14 15 -16Z" fill="${metal}"/><rect x="-6" y="12" width="12" height="150" rx="6" fill="${metal}"/></g>`,
  );
}

function coffeeBeans(s: Scene, count: number, avoid: { cx: number; cy: number; r: number }): void {
  for (let index = 0; index < count; index++) {
    let x = 0;
    let y = 0;
    for (let attempt = 0; attempt < 12; attempt++) {
      x = s.between(40, W - 40);
      y = s.between(40, H - 40);
      if (Math.hypot(x - avoid.cx, y - avoid.cy) > avoid.r + 30) break;
    }
    const angle = s.between(0, 180);
    s.add(
      `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(angle)})"><ellipse cx="3" cy="4" rx="11" ry="15" fill="#000" opacity="0.25"/><ellipse cx="0" cy="0" rx="11" ry="15" fill="${s.radial(
        [
          [0, '#7a4a2a'],
          [1, '#3e2212'],
        ],
        { cx: 0.4, cy: 0.35 },
      )}"/><path d="M0 -13C-5 -5 5 5 0 13" fill="none" stroke="#24130a" stroke-width="2.5" stroke-linecap="round"/></g>`,
    );
  }
}

function leaf(x: number, y: number, length: number, width: number, angle: number, color: string): string {
  const half = length / 2;
  return `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(angle)})"><path d="M${n(-half)} 0Q0 ${n(-width)} ${n(half)} 0Q0 ${n(width)} ${n(-half)} 0Z" fill="${color}"/><path d="M${n(-half * 0.9)} 0L${n(half * 0.8)} 0" stroke="${shade(color, -0.3)}" stroke-width="1.2" opacity="0.6"/></g>`;
}

function berry(s: Scene, x: number, y: number, r: number, color: string): string {
  return `<circle cx="${n(x + 2)}" cy="${n(y + 3)}" r="${n(r)}" fill="#000" opacity="0.25"/><circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${s.radial(
    [
      [0, shade(color, 0.35)],
      [0.6, color],
      [1, shade(color, -0.35)],
    ],
    { cx: 0.35, cy: 0.3, r: 0.7 },
  )}"/>`;
}

function raspberry(s: Scene, x: number, y: number, r: number): string {
  const drupes: string[] = [];
  for (let index = 0; index < 9; index++) {
    const [dx, dy] = s.inCircle(x, y, r * 0.62);
    drupes.push(`<circle cx="${n(dx)}" cy="${n(dy)}" r="${n(r * 0.34)}" fill="#d6335a" opacity="0.9"/>`);
  }
  return `<circle cx="${n(x + 2)}" cy="${n(y + 3)}" r="${n(r)}" fill="#000" opacity="0.25"/><circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="#b01e43"/>${drupes.join('')}<circle cx="${n(x)}" cy="${n(y)}" r="${n(r * 0.2)}" fill="#7a0f2a"/>`;
}

function citrusSlice(s: Scene, x: number, y: number, r: number, rind: string, flesh: string): string {
  const segments: string[] = [];
  const turn = s.between(0, 360);
  for (let index = 0; index < 10; index++) {
    const angle = ((turn + index * 36) * Math.PI) / 180;
    segments.push(
      `<path d="M${n(x)} ${n(y)}L${n(x + Math.cos(angle) * r * 0.8)} ${n(y + Math.sin(angle) * r * 0.8)}" stroke="#fffbe8" stroke-width="${n(r * 0.06)}" opacity="0.8"/>`,
    );
  }
  return `<circle cx="${n(x + 3)}" cy="${n(y + 4)}" r="${n(r)}" fill="#000" opacity="0.18"/><circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${rind}"/><circle cx="${n(x)}" cy="${n(y)}" r="${n(r * 0.9)}" fill="#fff6d6"/><circle cx="${n(x)}" cy="${n(y)}" r="${n(r * 0.82)}" fill="${s.radial(
    [
      [0, shade(flesh, 0.35)],
      [1, flesh],
    ],
  )}"/>${segments.join('')}`;
}

function sprinkle(
  s: Scene,
  cx: number,
  cy: number,
  r: number,
  count: number,
  color: string,
  size: [number, number],
  opacity = 0.7,
): string {
  const dots: string[] = [];
  for (let index = 0; index < count; index++) {
    const [x, y] = s.inCircle(cx, cy, r);
    dots.push(
      `<circle cx="${n(x)}" cy="${n(y)}" r="${n(s.between(size[0], size[1]))}" fill="${color}" opacity="${n(opacity * s.between(0.6, 1))}"/>`,
    );
  }
  return dots.join('');
}

// ---------------------------------------------------------------------------------------------------
// Drinks

const CREMA = '#c08550';
const FOAM = '#f7ecdb';

function heartArt(cx: number, cy: number, size: number, angle: number, foam: string, base: string): string {
  const s = size;
  return `<g transform="translate(${n(cx)} ${n(cy)}) rotate(${n(angle)})"><path d="M0 ${n(s * 0.62)}C${n(-s * 0.95)} ${n(s * 0.05)} ${n(-s * 0.72)} ${n(-s * 0.75)} 0 ${n(-s * 0.36)}C${n(s * 0.72)} ${n(-s * 0.75)} ${n(s * 0.95)} ${n(s * 0.05)} 0 ${n(s * 0.62)}Z" fill="${foam}"/><path d="M0 ${n(s * 0.42)}C${n(-s * 0.55)} ${n(s * 0.02)} ${n(-s * 0.42)} ${n(-s * 0.45)} 0 ${n(-s * 0.2)}C${n(s * 0.42)} ${n(-s * 0.45)} ${n(s * 0.55)} ${n(s * 0.02)} 0 ${n(s * 0.42)}Z" fill="none" stroke="${base}" stroke-width="${n(s * 0.05)}" opacity="0.35"/><path d="M0 ${n(-s * 0.5)}L0 ${n(s * 0.75)}" stroke="${base}" stroke-width="${n(s * 0.04)}" opacity="0.6" stroke-linecap="round"/></g>`;
}

function rosettaArt(cx: number, cy: number, size: number, angle: number, foam: string, base: string): string {
  const leaves: string[] = [];
  const count = 7;
  for (let index = 0; index < count; index++) {
    const y = size * 0.62 - index * size * 0.17;
    const w = size * (0.75 - index * 0.08);
    const h = size * 0.3;
    leaves.push(
      `<path d="M${n(-w)} ${n(y - h * 0.6)}Q0 ${n(y + h * 1.1)} ${n(w)} ${n(y - h * 0.6)}Q0 ${n(y + h * 0.25)} ${n(-w)} ${n(y - h * 0.6)}Z" fill="${foam}"/>`,
    );
  }
  const top = heartArt(0, -size * 0.62, size * 0.3, 0, foam, base);
  return `<g transform="translate(${n(cx)} ${n(cy)}) rotate(${n(angle)})">${leaves.join('')}${top}<path d="M0 ${n(-size * 0.7)}L0 ${n(size * 0.85)}" stroke="${foam}" stroke-width="${n(size * 0.035)}" stroke-linecap="round"/></g>`;
}

function tulipArt(cx: number, cy: number, size: number, angle: number, foam: string, base: string): string {
  return `<g transform="translate(${n(cx)} ${n(cy)}) rotate(${n(angle)})">${heartArt(0, size * 0.35, size * 0.75, 0, foam, base)}${heartArt(0, -size * 0.12, size * 0.55, 0, foam, base)}${heartArt(0, -size * 0.5, size * 0.38, 0, foam, base)}</g>`;
}

function coffeeScene(s: Scene, photo: DemoPhoto): void {
  const cx = W / 2 + s.between(-30, 10);
  const cy = H / 2 + s.between(-15, 15);
  const small = photo.kind === 'espresso';
  const r = small ? 78 : 118;
  const cupColor = s.pick(['#faf7f2', '#f4efe6', '#eef2f1', '#2f3b40', '#e9e2d6']);
  if (s.rand() < 0.6)
    napkin(s, cx - 210, cy + 130, 170, s.between(-25, 25), s.pick(['#d9c7a7', '#c9d6cf', '#e7d5c9']));
  coffeeBeans(s, Math.floor(s.between(5, 11)), { cx, cy, r: r * 1.6 });
  const liquid = cup(s, cx, cy, r, cupColor);
  spoon(s, cx + r * 1.2, cy + r * 0.9, s.between(-150, -120), small ? 0.75 : 0.95);
  const content: string[] = [];
  const art = s.between(-25, 25);
  switch (photo.kind) {
    case 'espresso': {
      content.push(
        `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(liquid)}" fill="${s.radial(
          [
            [0, '#d39a5c'],
            [0.55, '#a8652f'],
            [1, '#4a2812'],
          ],
          { cx: 0.45, cy: 0.45 },
        )}"/>`,
      );
      for (let index = 0; index < 14; index++) {
        const [x, y] = s.inCircle(cx, cy, liquid * 0.75);
        content.push(
          `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(s.between(3, 9))}" ry="${n(s.between(1.5, 3))}" transform="rotate(${n(s.between(0, 180))} ${n(x)} ${n(y)})" fill="#e8b987" opacity="0.35"/>`,
        );
      }
      break;
    }
    case 'americano': {
      content.push(
        `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(liquid)}" fill="${s.radial([
          [0, '#4a2a16'],
          [0.85, '#2a170c'],
          [1, '#8a5a33'],
        ])}"/>`,
        `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(liquid * 0.93)}" fill="none" stroke="#b07a4a" stroke-width="5" opacity="0.5"/>`,
        `<rect x="${n(cx - liquid * 0.45)}" y="${n(cy - liquid * 0.55)}" width="${n(liquid * 0.35)}" height="${n(liquid * 0.22)}" rx="8" fill="#ffffff" opacity="0.13" transform="rotate(-12 ${n(cx)} ${n(cy)})"/>`,
      );
      break;
    }
    case 'latte':
    case 'matcha': {
      const matcha = photo.kind === 'matcha';
      const base = matcha ? '#7fa64a' : (photo.color ?? CREMA);
      const foam = matcha ? '#f2f1dc' : FOAM;
      content.push(
        `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(liquid)}" fill="${s.radial([
          [0, shade(base, 0.1)],
          [0.8, base],
          [1, shade(base, -0.35)],
        ])}"/>`,
      );
      const style = photo.variant ?? s.pick(['heart', 'rosetta', 'tulip']);
      const draw = style === 'rosetta' ? rosettaArt : style === 'tulip' ? tulipArt : heartArt;
      content.push(draw(cx, cy, liquid * 0.72, art, foam, base));
      break;
    }
    case 'cappuccino':
    case 'chai': {
      const chai = photo.kind === 'chai';
      content.push(
        `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(liquid)}" fill="${chai ? '#b98556' : '#8a5128'}"/>`,
        `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(liquid * 0.9)}" fill="${s.radial(
          [
            [0, '#fbf4e8'],
            [0.75, '#efdfc6'],
            [1, chai ? '#d6b48c' : '#caa27a'],
          ],
          { cx: 0.45, cy: 0.45 },
        )}"/>`,
        sprinkle(
          s,
          cx,
          cy,
          liquid * (chai ? 0.55 : 0.45),
          chai ? 140 : 220,
          chai ? '#8c4f22' : '#4a2612',
          [0.8, 2.2],
          0.55,
        ),
      );
      if (chai) {
        // A cinnamon stick and a star anise on the saucer.
        s.add(
          `<g transform="rotate(${n(s.between(20, 50))} ${n(cx)} ${n(cy)})"><rect x="${n(cx - 28)}" y="${n(cy + r * 1.18)}" width="120" height="18" rx="8" fill="#000" opacity="0.2"/><rect x="${n(cx - 30)}" y="${n(cy + r * 1.15)}" width="120" height="18" rx="8" fill="#8a4b23"/><rect x="${n(cx - 30)}" y="${n(cy + r * 1.15 + 4)}" width="120" height="4" fill="#b56d3b" opacity="0.7"/></g>`,
        );
      }
      break;
    }
    case 'mocha': {
      content.push(
        `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(liquid)}" fill="#5a3220"/>`,
        `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(liquid * 0.78)}" fill="${s.radial(
          [
            [0, '#ffffff'],
            [1, '#ecdfcf'],
          ],
          { cx: 0.4, cy: 0.4 },
        )}"/>`,
      );
      for (let ring = 0; ring < 4; ring++) {
        content.push(
          `<circle cx="${n(cx + ring * 2)}" cy="${n(cy + ring * 2)}" r="${n(liquid * (0.68 - ring * 0.15))}" fill="none" stroke="#d8c7b2" stroke-width="3" opacity="0.7"/>`,
        );
      }
      // A chocolate lattice drizzled across the cream.
      for (let line = -2; line <= 2; line++) {
        for (const direction of [1, -1]) {
          const offset = line * liquid * 0.28;
          content.push(
            `<path d="M${n(cx - liquid + offset)} ${n(cy - liquid * direction)}L${n(cx + liquid + offset)} ${n(cy + liquid * direction)}" stroke="#3a1c0e" stroke-width="4" stroke-linecap="round" opacity="0.8"/>`,
          );
        }
      }
      content.push(sprinkle(s, cx, cy, liquid * 0.6, 60, '#3a1c0e', [1, 2.5], 0.6));
      break;
    }
    default: {
      const green = photo.variant === 'green';
      const tea = photo.color ?? (green ? '#c3c766' : '#b8662a');
      content.push(
        `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(liquid)}" fill="${s.radial(
          [
            [0, shade(tea, 0.3)],
            [0.8, tea],
            [1, shade(tea, -0.3)],
          ],
          { cx: 0.55, cy: 0.55 },
        )}"/>`,
        `<ellipse cx="${n(cx - liquid * 0.3)}" cy="${n(cy - liquid * 0.35)}" rx="${n(liquid * 0.3)}" ry="${n(liquid * 0.12)}" transform="rotate(-30 ${n(cx)} ${n(cy)})" fill="#ffffff" opacity="0.2"/>`,
      );
      if (photo.variant === 'mint') {
        for (let index = 0; index < 5; index++) {
          const [x, y] = s.inCircle(cx, cy, liquid * 0.55);
          content.push(leaf(x, y, 46, 18, s.between(0, 360), s.pick(['#4f8f3a', '#5fa044', '#3f7a2e'])));
        }
      } else if (green) {
        for (let petal = 0; petal < 5; petal++) {
          const angle = petal * 72 + art;
          content.push(
            `<ellipse cx="${n(cx + Math.cos((angle * Math.PI) / 180) * 16)}" cy="${n(cy + Math.sin((angle * Math.PI) / 180) * 16)}" rx="16" ry="9" transform="rotate(${n(angle)} ${n(cx + Math.cos((angle * Math.PI) / 180) * 16)} ${n(cy + Math.sin((angle * Math.PI) / 180) * 16)})" fill="#fffdf4"/>`,
          );
        }
        content.push(`<circle cx="${n(cx)}" cy="${n(cy)}" r="6" fill="#f2c94c"/>`);
      } else {
        content.push(
          citrusSlice(s, cx + liquid * 0.2, cy - liquid * 0.1, liquid * 0.38, '#e9c21d', '#f6dc4f'),
        );
      }
    }
  }
  s.clipped(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(liquid)}"/>`, content);
  s.add(
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(liquid)}" fill="${s.radial([
      [0.88, '#000000', 0],
      [1, '#000000', 0.22],
    ])}"/>`,
  );
}

function coldDrinkScene(s: Scene, photo: DemoPhoto): void {
  const cx = W / 2 + s.between(-20, 20);
  const cy = H / 2 + s.between(-10, 10);
  const r = 150;
  const drink =
    photo.color ??
    {
      'iced-coffee': photo.variant === 'black' ? '#3a2214' : '#9a6a45',
      juice: '#f59e1b',
      lemonade: '#f3e9a0',
      smoothie: '#c43d6b',
    }[photo.kind as 'iced-coffee'] ??
    '#c43d6b';
  if (photo.kind === 'juice' || photo.kind === 'lemonade') {
    s.add(
      citrusSlice(
        s,
        cx - 230,
        cy + 150,
        48,
        photo.kind === 'juice' ? '#f08a0c' : '#e9c21d',
        photo.kind === 'juice' ? '#f7a933' : '#f6dc4f',
      ),
    );
  } else if (photo.kind === 'smoothie') {
    for (let index = 0; index < 4; index++) {
      s.add(
        photo.variant === 'green'
          ? leaf(s.between(80, 220), s.between(380, 540), 70, 26, s.between(0, 360), '#4f8f3a')
          : berry(
              s,
              s.between(90, 230),
              s.between(400, 540),
              16,
              photo.variant === 'mango' ? '#f2a33a' : '#3a2a6b',
            ),
      );
    }
  } else {
    coffeeBeans(s, 6, { cx, cy, r: r * 1.5 });
  }
  const liquid = glass(s, cx, cy, r, drink);
  const content: string[] = [];
  switch (photo.kind) {
    case 'iced-coffee': {
      if (photo.variant !== 'black') {
        for (let index = 0; index < 5; index++) {
          const [x, y] = s.inCircle(cx, cy, liquid * 0.5);
          content.push(
            `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(s.between(30, 60))}" ry="${n(s.between(18, 35))}" fill="${s.radial(
              [
                [0, '#f6ebdc', 0.7],
                [1, '#f6ebdc', 0],
              ],
            )}"/>`,
          );
        }
      }
      content.push(...iceCubes(s, cx, cy, liquid, 5));
      break;
    }
    case 'juice':
    case 'lemonade': {
      content.push(...iceCubes(s, cx, cy, liquid, 4));
      if (photo.kind === 'lemonade') {
        content.push(
          citrusSlice(s, cx - liquid * 0.3, cy + liquid * 0.25, liquid * 0.3, '#e9c21d', '#f6dc4f'),
          leaf(cx + liquid * 0.25, cy - liquid * 0.3, 50, 20, s.between(0, 360), '#4f8f3a'),
          leaf(cx + liquid * 0.35, cy - liquid * 0.1, 44, 18, s.between(0, 360), '#5fa044'),
        );
        for (let index = 0; index < 25; index++) {
          const [x, y] = s.inCircle(cx, cy, liquid * 0.9);
          content.push(
            `<circle cx="${n(x)}" cy="${n(y)}" r="${n(s.between(2, 5))}" fill="none" stroke="#ffffff" stroke-width="1.2" opacity="0.7"/>`,
          );
        }
      } else {
        content.push(sprinkle(s, cx, cy, liquid * 0.8, 60, '#ffd27a', [1.5, 4], 0.6));
      }
      break;
    }
    default: {
      // A thick smoothie: a swirl, seeds and fruit on top.
      content.push(
        `<circle cx="${n(cx + 10)}" cy="${n(cy + 10)}" r="${n(liquid * 0.55)}" fill="none" stroke="${shade(drink, 0.25)}" stroke-width="12" opacity="0.4"/>`,
        sprinkle(s, cx - 10, cy + 10, liquid * 0.45, 70, '#1d1a16', [1.2, 2.4], 0.8),
      );
      if (photo.variant === 'mango') {
        for (let index = 0; index < 4; index++) {
          const [x, y] = s.inCircle(cx - 20, cy - 10, liquid * 0.35);
          content.push(
            `<rect x="${n(x - 14)}" y="${n(y - 14)}" width="28" height="28" rx="5" transform="rotate(${n(s.between(0, 90))} ${n(x)} ${n(y)})" fill="#f7b733" stroke="#e08e0b" stroke-width="2"/>`,
          );
        }
        content.push(berry(s, cx + 30, cy - 40, 10, '#7a1f3d'), berry(s, cx + 50, cy - 20, 10, '#7a1f3d'));
      } else if (photo.variant === 'green') {
        content.push(
          `<circle cx="${n(cx - 30)}" cy="${n(cy - 20)}" r="30" fill="#f4eed2" stroke="#e8d78e" stroke-width="4"/>`,
          `<circle cx="${n(cx + 20)}" cy="${n(cy - 45)}" r="26" fill="#f4eed2" stroke="#e8d78e" stroke-width="4"/>`,
          leaf(cx + 35, cy + 10, 50, 20, 40, '#3f7a2e'),
        );
      } else {
        content.push(
          raspberry(s, cx - 30, cy - 30, 16),
          raspberry(s, cx + 20, cy - 50, 15),
          berry(s, cx + 35, cy - 15, 11, '#2f2a5e'),
          berry(s, cx - 5, cy - 60, 10, '#2f2a5e'),
          leaf(cx - 50, cy - 65, 40, 15, 30, '#4f8f3a'),
        );
      }
    }
  }
  s.clipped(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(liquid)}"/>`, content);
  if (photo.kind === 'juice') {
    s.add(citrusSlice(s, cx + r * 0.72, cy - r * 0.72, 52, '#f08a0c', '#f7a933'));
  }
  glassRim(s, cx, cy, r);
  straw(
    s,
    cx + s.between(-30, 10),
    cy + s.between(-20, 20),
    s.between(-60, -20),
    s.pick(['#2f6f5e', '#e8e2d6', '#c0392b', '#3d5a80']),
  );
}

// ---------------------------------------------------------------------------------------------------
// Bakery and desserts

const GOLDEN = '#dc9a45';

function croissant(s: Scene, cx: number, cy: number, size: number, angle: number): string {
  // A crescent band thickest in the middle, with the rolled layers as seams across it.
  const radius = size * 0.58;
  const at = (t: number, offset: number): [number, number] => {
    const theta = Math.PI * (0.86 + t * 1.28);
    return [Math.cos(theta) * (radius + offset), Math.sin(theta) * (radius + offset) + radius * 0.45];
  };
  const thickness = (t: number) => size * (0.09 + 0.4 * Math.sin(Math.PI * t) ** 1.2);
  const steps = 28;
  const outer: [number, number][] = [];
  const inner: [number, number][] = [];
  for (let step = 0; step <= steps; step++) {
    const t = step / steps;
    outer.push(at(t, thickness(t)));
    inner.push(at(t, -thickness(t) * 0.75));
  }
  const body = smoothPath([...outer, ...inner.reverse()]);
  const shadows = [0.15, 0.32, 0.5, 0.68, 0.85].map((t) => {
    const [x, y] = at(t, 0);
    return softShadow(x + 10, y + 14, thickness(t) * 1.35, thickness(t) * 1.35, 0, 0.6);
  });
  const seams: string[] = [];
  const bulges: string[] = [];
  const seamCount = 7;
  for (let seam = 1; seam < seamCount; seam++) {
    const t = seam / seamCount;
    const [ox, oy] = at(t, thickness(t) * 0.95);
    const [ix, iy] = at(t, -thickness(t) * 0.7);
    const [mx, my] = at(t + 0.03, 0);
    seams.push(`M${n(ox)} ${n(oy)}Q${n(mx)} ${n(my)} ${n(ix)} ${n(iy)}`);
    const middle = (seam - 0.5) / seamCount;
    const [bx, by] = at(middle, thickness(middle) * 0.25);
    const theta = (0.86 + middle * 1.28) * 180;
    bulges.push(
      `<ellipse cx="${n(bx)}" cy="${n(by)}" rx="${n(thickness(middle) * 0.55)}" ry="${n(size * 0.07)}" transform="rotate(${n(theta)} ${n(bx)} ${n(by)})" fill="#ffe2a8" opacity="0.4"/>`,
    );
  }
  return `<g transform="translate(${n(cx)} ${n(cy)}) rotate(${n(angle)})">${shadows.join('')}<path d="${body}" fill="${s.radial(
    [
      [0, '#f6c97f'],
      [0.55, GOLDEN],
      [1, '#9a5418'],
    ],
    { cx: 0.5, cy: 0.3, r: 0.75 },
  )}" stroke="#8d4d16" stroke-width="2"/><path d="${seams.join('')}" fill="none" stroke="#8d4d16" stroke-width="3" stroke-linecap="round" opacity="0.55"/>${bulges.join('')}</g>`;
}

function wedgeCake(s: Scene, cx: number, cy: number, photo: DemoPhoto): void {
  const variant = photo.variant ?? 'chocolate';
  const palettes: Record<string, { top: string; layers: [string, number][]; accent: string }> = {
    chocolate: {
      top: '#3b1e10',
      layers: [
        ['#2e160a', 8],
        ['#5a301a', 22],
        ['#8a5434', 9],
        ['#5a301a', 22],
        ['#2e160a', 8],
      ],
      accent: '#b3122f',
    },
    carrot: {
      top: '#f6eddc',
      layers: [
        ['#efe3cc', 8],
        ['#c77b3a', 24],
        ['#f4ead8', 10],
        ['#c77b3a', 24],
      ],
      accent: '#e8772e',
    },
    cheesecake: {
      top: '#f3e2b2',
      layers: [
        ['#f7ebc6', 52],
        ['#b88a4d', 16],
      ],
      accent: '#b3122f',
    },
  };
  const palette = palettes[variant] ?? (palettes.chocolate as (typeof palettes)['chocolate']);
  const angle = s.between(-20, 10);
  const apex: [number, number] = [-170, 20];
  const radius = 300;
  const spread = 0.3;
  const p1: [number, number] = [apex[0] + Math.cos(-spread) * radius, apex[1] + Math.sin(-spread) * radius];
  const p2: [number, number] = [apex[0] + Math.cos(spread) * radius, apex[1] + Math.sin(spread) * radius];
  const depth = palette.layers.reduce((sum, [, thickness]) => sum + thickness, 0);
  const layers: string[] = [];
  let offset = 0;
  for (const [color, thickness] of palette.layers) {
    layers.push(
      `<path d="M${n(apex[0])} ${n(apex[1] + offset)}L${n(p2[0])} ${n(p2[1] + offset)}L${n(p2[0])} ${n(p2[1] + offset + thickness)}L${n(apex[0])} ${n(apex[1] + offset + thickness)}Z" fill="${color}"/>`,
    );
    if (variant === 'carrot' && color === '#c77b3a') {
      for (let speck = 0; speck < 18; speck++) {
        const t = s.between(0.05, 0.95);
        layers.push(
          `<circle cx="${n(apex[0] + (p2[0] - apex[0]) * t)}" cy="${n(apex[1] + (p2[1] - apex[1]) * t + offset + s.between(3, thickness - 3))}" r="${n(s.between(1, 2.5))}" fill="${s.pick(['#e8772e', '#7a4219', '#f4c27a'])}"/>`,
        );
      }
    }
    offset += thickness;
  }
  // The round outer edge shows a little of its side too.
  const outerSide = `<path d="M${n(p2[0])} ${n(p2[1])}A${radius} ${radius} 0 0 0 ${n(apex[0] + radius)} ${n(apex[1])}L${n(apex[0] + radius)} ${n(apex[1] + depth)}A${radius} ${radius} 0 0 1 ${n(p2[0])} ${n(p2[1] + depth)}Z" fill="${shade(palette.layers[1]?.[0] ?? palette.top, -0.25)}"/>`;
  const top = `<path d="M${n(apex[0])} ${n(apex[1])}L${n(p1[0])} ${n(p1[1])}A${radius} ${radius} 0 0 1 ${n(p2[0])} ${n(p2[1])}Z" fill="${s.linear(
    [
      [0, shade(palette.top, 0.12)],
      [1, shade(palette.top, -0.05)],
    ],
    0,
    0,
    1,
    1,
  )}"/>`;
  const decoration: string[] = [];
  // Piped rosettes along the outer edge.
  for (let index = 0; index < 4; index++) {
    const theta = -spread * 0.75 + (index / 3) * spread * 1.5;
    const x = apex[0] + Math.cos(theta) * (radius - 28);
    const y = apex[1] + Math.sin(theta) * (radius - 28);
    const cream = variant === 'chocolate' ? '#6b3a20' : '#fffaf0';
    decoration.push(
      `<circle cx="${n(x + 3)}" cy="${n(y + 4)}" r="15" fill="#000" opacity="0.2"/><circle cx="${n(x)}" cy="${n(y)}" r="15" fill="${s.radial(
        [
          [0, shade(cream, 0.25)],
          [1, cream],
        ],
        { cx: 0.4, cy: 0.35 },
      )}"/><path d="M${n(x - 9)} ${n(y)}Q${n(x)} ${n(y - 12)} ${n(x + 9)} ${n(y)}" fill="none" stroke="${shade(cream, -0.2)}" stroke-width="2" opacity="0.6"/>`,
    );
  }
  if (variant === 'cheesecake') {
    decoration.unshift(
      `<path d="${blobPath(apex[0] + radius * 0.6, apex[1], radius * 0.28, radius * 0.1, s.rand, 0.25)}" fill="${s.radial(
        [
          [0, '#e0345a'],
          [1, '#8e0f2a'],
        ],
        { cx: 0.4, cy: 0.35 },
      )}"/>`,
    );
    decoration.push(raspberry(s, apex[0] + radius * 0.55, apex[1] - 6, 14));
  } else if (variant === 'chocolate') {
    for (let index = 0; index < 10; index++) {
      const t = s.between(0.2, 0.8);
      decoration.push(
        `<rect x="${n(apex[0] + radius * t)}" y="${n(apex[1] + s.between(-30, 30) * t)}" width="${n(s.between(6, 14))}" height="4" rx="2" transform="rotate(${n(s.between(0, 180))} ${n(apex[0] + radius * t)} ${n(apex[1])})" fill="#1e0d05" opacity="0.8"/>`,
      );
    }
    decoration.push(raspberry(s, apex[0] + radius * 0.5, apex[1] - 4, 15));
  } else {
    decoration.push(
      `<path d="M${n(apex[0] + radius * 0.45)} ${n(apex[1] - 8)}l26 8l-26 8z" fill="${palette.accent}"/>`,
      leaf(apex[0] + radius * 0.45 - 8, apex[1], 22, 8, 0, '#4f8f3a'),
    );
  }
  s.add(
    `<g transform="translate(${n(cx)} ${n(cy)}) rotate(${n(angle)})">${softShadow(apex[0] + radius * 0.62, apex[1] + depth * 0.6 + 14, radius * 0.62, radius * 0.32)}${outerSide}${layers.join('')}${top}${decoration.join('')}</g>`,
  );
}

function bakeryScene(s: Scene, photo: DemoPhoto): void {
  const cx = W / 2 + s.between(-20, 20);
  const cy = H / 2 + s.between(-10, 15);
  const r = 215;
  const kind = photo.kind;
  if (s.rand() < 0.7) fork(s, cx + r * 1.12, cy + s.between(-40, 40), s.between(-10, 10));
  if (kind === 'croissant' || kind === 'pain-au-chocolat' || kind === 'cookies') {
    board(s, cx, cy, r);
  } else {
    plate(s, cx, cy, r, s.pick(['#f8f5ef', '#f1ece4', '#e7efee', '#f6efe9']));
  }
  switch (kind) {
    case 'croissant': {
      s.add(croissant(s, cx, cy - 10, 150, s.between(-15, 15)));
      if (photo.variant === 'almond') {
        const flakes: string[] = [];
        for (let index = 0; index < 26; index++) {
          const [x, y] = s.inCircle(cx, cy - 40, 90);
          flakes.push(
            `<ellipse cx="${n(x)}" cy="${n(y)}" rx="8" ry="4.5" transform="rotate(${n(s.between(0, 180))} ${n(x)} ${n(y)})" fill="#f4e2c0" stroke="#c99a5e" stroke-width="1"/>`,
          );
        }
        s.add(flakes.join(''), sprinkle(s, cx, cy - 40, 110, 260, '#ffffff', [0.8, 2], 0.8));
      }
      break;
    }
    case 'pain-au-chocolat': {
      const angle = s.between(-20, 20);
      const pieces = [
        [-60, -40],
        [60, 45],
      ];
      for (const [dx, dy] of pieces) {
        const x = cx + (dx as number);
        const y = cy + (dy as number);
        // Folded pastry: a flat golden slab with its layers showing, chocolate at both ends.
        const folds = [-30, -8, 14, 34]
          .map(
            (fy) =>
              `<path d="M${n(x - 88)} ${n(y + fy)}C${n(x - 30)} ${n(y + fy - 8)} ${n(x + 30)} ${n(y + fy + 6)} ${n(x + 88)} ${n(y + fy - 2)}" fill="none" stroke="#a15d1d" stroke-width="2.5" opacity="0.5"/>`,
          )
          .join('');
        s.add(
          `<g transform="rotate(${n(angle)} ${n(x)} ${n(y)})">${softShadow(x + 8, y + 14, 125, 72)}<rect x="${n(x - 106)}" y="${n(y - 24)}" width="26" height="48" rx="8" fill="#3a1c0e"/><rect x="${n(x + 80)}" y="${n(y - 24)}" width="26" height="48" rx="8" fill="#3a1c0e"/><rect x="${n(x - 96)}" y="${n(y - 54)}" width="192" height="108" rx="18" fill="${s.radial(
            [
              [0, '#f3c070'],
              [0.65, GOLDEN],
              [1, '#9c561a'],
            ],
            { cx: 0.45, cy: 0.4, r: 0.6 },
          )}" stroke="#8d4d16" stroke-width="2"/>${folds}<ellipse cx="${n(x - 20)}" cy="${n(y - 34)}" rx="56" ry="9" fill="#ffe7b5" opacity="0.4"/></g>`,
        );
      }
      break;
    }
    case 'cinnamon-roll': {
      s.add(
        softShadow(cx + 8, cy + 12, 155, 155),
        `<circle cx="${n(cx)}" cy="${n(cy)}" r="135" fill="${s.radial([
          [0, '#e3a45c'],
          [0.85, '#c47c35'],
          [1, '#8e4f1c'],
        ])}"/>`,
      );
      const points: string[] = [];
      for (let step = 0; step <= 240; step++) {
        const theta = step * 0.1;
        const radius = 6 + theta * 5.2;
        points.push(`${n(cx + Math.cos(theta) * radius)} ${n(cy + Math.sin(theta) * radius)}`);
      }
      s.add(
        `<path d="M${points.join('L')}" fill="none" stroke="#6e3512" stroke-width="7" stroke-linecap="round" opacity="0.75"/>`,
      );
      // Icing drizzled in loose strokes and pooled in the middle.
      for (let stroke = 0; stroke < 5; stroke++) {
        const turn = s.between(0, 180);
        const offset = s.between(-60, 60);
        s.add(
          `<path d="M${n(cx - 120)} ${n(cy + offset)}C${n(cx - 40)} ${n(cy + offset + s.between(-40, 40))} ${n(cx + 40)} ${n(cy + offset + s.between(-40, 40))} ${n(cx + 120)} ${n(cy + offset + s.between(-20, 20))}" fill="none" stroke="#fffaf0" stroke-width="${n(s.between(6, 11))}" stroke-linecap="round" opacity="0.92" transform="rotate(${n(turn)} ${n(cx)} ${n(cy)})"/>`,
        );
      }
      s.add(`<path d="${blobPath(cx, cy, 34, 30, s.rand, 0.2)}" fill="#fffaf0" opacity="0.95"/>`);
      break;
    }
    case 'muffin': {
      const paper = s.pick(['#b9d3e6', '#f2c4c4', '#e9dfc9']);
      s.add(
        softShadow(cx + 8, cy + 14, 172, 172),
        `<circle cx="${n(cx)}" cy="${n(cy)}" r="150" fill="${paper}"/>`,
      );
      for (let pleat = 0; pleat < 36; pleat++) {
        const theta = (pleat / 36) * Math.PI * 2;
        s.add(
          `<path d="M${n(cx + Math.cos(theta) * 120)} ${n(cy + Math.sin(theta) * 120)}L${n(cx + Math.cos(theta) * 150)} ${n(cy + Math.sin(theta) * 150)}" stroke="${shade(paper, -0.2)}" stroke-width="2"/>`,
        );
      }
      s.add(
        `<path d="${blobPath(cx, cy, 132, 132, s.rand, 0.06, 18)}" fill="${s.radial(
          [
            [0, '#eab46a'],
            [0.7, '#cf8a3f'],
            [1, '#9a5a22'],
          ],
          { cx: 0.45, cy: 0.4 },
        )}"/>`,
      );
      for (let index = 0; index < 60; index++) {
        const [x, y] = s.inCircle(cx, cy, 110);
        s.add(`<path d="${blobPath(x, y, 7, 6, s.rand, 0.3, 6)}" fill="#f3cf93" opacity="0.55"/>`);
      }
      for (let index = 0; index < 9; index++) {
        const [x, y] = s.inCircle(cx, cy, 100);
        s.add(berry(s, x, y, 11, '#3b2f6b'));
      }
      break;
    }
    case 'cookies': {
      const spots: [number, number][] = [
        [-80, -50],
        [85, -30],
        [0, 85],
      ];
      for (const [dx, dy] of spots) {
        const x = cx + dx;
        const y = cy + dy;
        s.add(
          softShadow(x + 6, y + 10, 102, 102),
          `<path d="${blobPath(x, y, 88, 86, s.rand, 0.06, 16)}" fill="${s.radial(
            [
              [0, '#e2b06e'],
              [0.8, '#c98b45'],
              [1, '#a76a2c'],
            ],
            { cx: 0.45, cy: 0.4 },
          )}"/>`,
        );
        for (let chip = 0; chip < 9; chip++) {
          const [chipX, chipY] = s.inCircle(x, y, 65);
          s.add(`<path d="${blobPath(chipX, chipY, 9, 8, s.rand, 0.35, 6)}" fill="#3a1c0e"/>`);
        }
        s.add(
          `<path d="M${n(x - 40)} ${n(y - 10)}q20 -8 35 4q10 6 30 -6" fill="none" stroke="#8f5522" stroke-width="2" opacity="0.45"/>`,
        );
      }
      break;
    }
    case 'brownie': {
      const angle = s.between(-15, 15);
      for (const [dx, dy, turn] of [
        [-55, -35, 0],
        [60, 50, 12],
      ] as const) {
        const x = cx + dx;
        const y = cy + dy;
        s.add(
          `<g transform="rotate(${n(angle + turn)} ${n(x)} ${n(y)})">${softShadow(x + 8, y + 20, 120, 120)}<rect x="${n(x - 85)}" y="${n(y - 60)}" width="170" height="160" rx="10" fill="#2a150b"/><rect x="${n(x - 85)}" y="${n(y - 85)}" width="170" height="150" rx="10" fill="${s.radial(
            [
              [0, '#5c3422'],
              [1, '#3b2014'],
            ],
            { cx: 0.4, cy: 0.35 },
          )}"/><path d="${blobPath(x - 20, y - 30, 40, 22, s.rand, 0.3)}" fill="#6f4430" opacity="0.6"/><path d="${blobPath(x + 30, y + 10, 30, 18, s.rand, 0.3)}" fill="#6f4430" opacity="0.5"/><path d="M${n(x - 70)} ${n(y - 40)}q40 30 70 -10t70 10" fill="none" stroke="#d28b3c" stroke-width="7" stroke-linecap="round"/>${sprinkle(s, x, y - 10, 60, 20, '#ffffff', [1.5, 3], 0.9)}</g>`,
        );
      }
      break;
    }
    case 'tart': {
      const lemon = (photo.variant ?? 'lemon') === 'lemon';
      s.add(softShadow(cx + 8, cy + 14, 172, 172));
      const flutes: [number, number][] = [];
      for (let index = 0; index < 48; index++) {
        const theta = (index / 48) * Math.PI * 2;
        const radius = index % 2 ? 146 : 154;
        flutes.push([cx + Math.cos(theta) * radius, cy + Math.sin(theta) * radius]);
      }
      s.add(
        `<path d="${smoothPath(flutes)}" fill="${s.radial([
          [0.8, '#e2aa5c'],
          [1, '#b7772e'],
        ])}"/>`,
        `<circle cx="${n(cx)}" cy="${n(cy)}" r="124" fill="${
          lemon
            ? s.radial(
                [
                  [0, '#fbe77a'],
                  [0.85, '#f2cd2f'],
                  [1, '#d9a91a'],
                ],
                { cx: 0.45, cy: 0.4 },
              )
            : '#f5e7c8'
        }"/>`,
        `<ellipse cx="${n(cx - 40)}" cy="${n(cy - 50)}" rx="50" ry="16" transform="rotate(-30 ${n(cx)} ${n(cy)})" fill="#ffffff" opacity="0.3"/>`,
      );
      if (lemon) {
        for (let index = 0; index < 6; index++) {
          const theta = (index / 6) * Math.PI * 2;
          const x = cx + Math.cos(theta) * 90;
          const y = cy + Math.sin(theta) * 90;
          s.add(
            `<path d="${blobPath(x, y, 16, 16, s.rand, 0.15, 8)}" fill="${s.radial(
              [
                [0, '#ffffff'],
                [0.7, '#f4e6d0'],
                [1, '#c98b45'],
              ],
              { cx: 0.4, cy: 0.35 },
            )}"/>`,
          );
        }
        s.add(
          citrusSlice(s, cx + 10, cy - 5, 34, '#e9c21d', '#f6dc4f'),
          leaf(cx - 25, cy + 20, 32, 12, 30, '#4f8f3a'),
        );
      } else {
        for (let index = 0; index < 26; index++) {
          const [x, y] = s.inCircle(cx, cy, 100);
          s.add(s.rand() < 0.55 ? raspberry(s, x, y, 15) : berry(s, x, y, 12, '#2f2a5e'));
        }
        s.add(sprinkle(s, cx, cy, 130, 200, '#ffffff', [0.8, 2], 0.85));
      }
      break;
    }
    default:
      wedgeCake(s, cx, cy, photo);
  }
}

// ---------------------------------------------------------------------------------------------------
// Savoury plates and bowls

const GREENS = ['#7db343', '#5e9631', '#a6cf5b', '#3f7a2a', '#8cc152'];

function breadSlice(
  s: Scene,
  x: number,
  y: number,
  w: number,
  h: number,
  angle: number,
  crumb = '#ecc98f',
): string {
  const path = `M${n(x - w / 2)} ${n(y + h / 2)}L${n(x - w / 2)} ${n(y - h / 4)}C${n(x - w / 2)} ${n(y - h * 0.75)} ${n(x + w / 2)} ${n(y - h * 0.75)} ${n(x + w / 2)} ${n(y - h / 4)}L${n(x + w / 2)} ${n(y + h / 2)}Z`;
  return `<g transform="rotate(${n(angle)} ${n(x)} ${n(y)})">${softShadow(x + 6, y + 10, w * 0.68, h * 0.66)}<path d="${path}" fill="#a8651f" stroke="#7e4410" stroke-width="3" stroke-linejoin="round"/><path d="${path}" fill="${s.radial(
    [
      [0, shade(crumb, 0.2)],
      [1, crumb],
    ],
  )}" transform="translate(${n(x * 0.1)} ${n(y * 0.1)}) scale(0.9)"/>${sprinkle(s, x, y, Math.min(w, h) * 0.35, 40, '#c99752', [1, 3], 0.45)}</g>`;
}

function friedEgg(s: Scene, x: number, y: number, r: number): string {
  return `<path d="${blobPath(x + 4, y + 6, r, r * 0.9, s.rand, 0.14)}" fill="#000" opacity="0.18"/><path d="${blobPath(x, y, r, r * 0.9, s.rand, 0.14)}" fill="${s.radial(
    [
      [0, '#ffffff'],
      [1, '#f1ece2'],
    ],
  )}"/><circle cx="${n(x + r * 0.1 + 3)}" cy="${n(y + 4)}" r="${n(r * 0.38)}" fill="#000" opacity="0.2"/><circle cx="${n(x + r * 0.1)}" cy="${n(y)}" r="${n(r * 0.38)}" fill="${s.radial(
    [
      [0, '#ffd36b'],
      [0.7, '#f7a91b'],
      [1, '#e08a0c'],
    ],
    { cx: 0.4, cy: 0.35 },
  )}"/><ellipse cx="${n(x)}" cy="${n(y - r * 0.12)}" rx="${n(r * 0.12)}" ry="${n(r * 0.07)}" fill="#ffffff" opacity="0.7"/>`;
}

function tomatoHalf(x: number, y: number, r: number): string {
  const seeds: string[] = [];
  for (let index = 0; index < 3; index++) {
    const theta = (index / 3) * Math.PI * 2 + 0.5;
    seeds.push(
      `<ellipse cx="${n(x + Math.cos(theta) * r * 0.42)}" cy="${n(y + Math.sin(theta) * r * 0.42)}" rx="${n(r * 0.22)}" ry="${n(r * 0.15)}" transform="rotate(${n((theta * 180) / Math.PI)} ${n(x + Math.cos(theta) * r * 0.42)} ${n(y + Math.sin(theta) * r * 0.42)})" fill="#f7c6a3" opacity="0.9"/>`,
    );
  }
  return `<circle cx="${n(x + 2)}" cy="${n(y + 3)}" r="${n(r)}" fill="#000" opacity="0.2"/><circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="#c8281e"/><circle cx="${n(x)}" cy="${n(y)}" r="${n(r * 0.82)}" fill="#e5493a"/>${seeds.join('')}<circle cx="${n(x)}" cy="${n(y)}" r="${n(r * 0.15)}" fill="#f08a7a"/>`;
}

function cucumber(s: Scene, x: number, y: number, r: number): string {
  return `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="#3e6b2a"/><circle cx="${n(x)}" cy="${n(y)}" r="${n(r * 0.88)}" fill="${s.radial(
    [
      [0, '#eef5d6'],
      [1, '#c6dd95'],
    ],
  )}"/><circle cx="${n(x)}" cy="${n(y)}" r="${n(r * 0.45)}" fill="none" stroke="#b8cc84" stroke-width="${n(r * 0.16)}" stroke-dasharray="2 4"/>`;
}

function greensPile(s: Scene, cx: number, cy: number, r: number, count: number, palette = GREENS): string {
  const leaves: string[] = [];
  for (let index = 0; index < count; index++) {
    const [x, y] = s.inCircle(cx, cy, r);
    leaves.push(leaf(x, y, s.between(50, 90), s.between(20, 34), s.between(0, 360), s.pick(palette)));
  }
  return leaves.join('');
}

/** Half a sandwich: a triangle of bread with lettuce, tomato or cheese peeking out irregularly. */
function sandwichHalf(
  s: Scene,
  x: number,
  y: number,
  size: number,
  angle: number,
  fillings: string[],
): string {
  const corners: [[number, number], [number, number], [number, number]] = [
    [x - size * 0.62, y + size * 0.42],
    [x + size * 0.62, y + size * 0.42],
    [x - size * 0.42, y - size * 0.62],
  ];
  // Offsets scale the triangle about its incentre, which moves every edge by the same distance.
  const [A, B, C] = corners;
  const side = (p: [number, number], q: [number, number]) => Math.hypot(p[0] - q[0], p[1] - q[1]);
  const [a, b, c] = [side(B, C), side(C, A), side(A, B)];
  const centre: [number, number] = [
    (a * A[0] + b * B[0] + c * C[0]) / (a + b + c),
    (a * A[1] + b * B[1] + c * C[1]) / (a + b + c),
  ];
  const area = Math.abs((B[0] - A[0]) * (C[1] - A[1]) - (C[0] - A[0]) * (B[1] - A[1])) / 2;
  const inRadius = (2 * area) / (a + b + c);
  const outline = (grow: number, wobble: number, steps: number) => {
    const points: [number, number][] = [];
    corners.forEach((from, index) => {
      const to = corners[(index + 1) % 3] as [number, number];
      for (let step = 0; step < steps; step++) {
        const t = step / steps;
        const scale = (inRadius + grow + (s.rand() * 2 - 1) * wobble) / inRadius;
        const px = from[0] + (to[0] - from[0]) * t;
        const py = from[1] + (to[1] - from[1]) * t;
        points.push([centre[0] + (px - centre[0]) * scale, centre[1] + (py - centre[1]) * scale]);
      }
    });
    return smoothPath(points);
  };
  const layers = fillings
    .map((color, index) => {
      const leafy = color === '#7db343' || color === '#5e9631';
      const d = outline(2 + (fillings.length - index) * 3, leafy ? 10 : 7, leafy ? 14 : 6);
      return `<path d="${d}" fill="${color}" stroke="${shade(color, -0.25)}" stroke-width="2"/>`;
    })
    .join('');
  const crust = outline(0, 0.5, 10);
  return `<g transform="rotate(${n(angle)} ${n(x)} ${n(y)})">${softShadow(x + 8, y + 14, size * 0.78, size * 0.62)}${layers}<path d="${crust}" fill="#b9742f" stroke="#8d5120" stroke-width="2"/><path d="${outline(-6, 0.5, 10)}" fill="${s.radial(
    [
      [0, '#f1d19a'],
      [0.8, '#e2b676'],
      [1, '#d19a55'],
    ],
    { cx: 0.4, cy: 0.45 },
  )}"/>${sprinkle(s, centre[0], centre[1], inRadius * 0.8, 30, '#c08a45', [1, 2.5], 0.5)}</g>`;
}

function plateScene(s: Scene, photo: DemoPhoto): void {
  const cx = W / 2 + s.between(-20, 20);
  const cy = H / 2 + s.between(-10, 15);
  const r = 225;
  if (s.rand() < 0.6)
    napkin(
      s,
      cx - r * 0.9,
      cy + r * 0.75,
      180,
      s.between(-20, 20),
      s.pick(['#d9c7a7', '#c9d6cf', '#e7d5c9', '#e9e4da']),
    );
  fork(s, cx - r * 1.12, cy + s.between(-30, 30), s.between(-8, 8));
  if (photo.kind === 'sandwich' || photo.kind === 'bagel') {
    board(s, cx, cy, r);
  } else {
    plate(s, cx, cy, r, s.pick(['#f8f5ef', '#f1ece4', '#e7efee', '#2f3b40']));
  }
  switch (photo.kind) {
    case 'toast': {
      const angle = s.between(-25, 25);
      s.add(breadSlice(s, cx, cy, 230, 200, angle));
      s.add(
        `<g transform="rotate(${n(angle)} ${n(cx)} ${n(cy)})"><path d="${blobPath(cx, cy, 88, 70, s.rand, 0.18)}" fill="${s.radial(
          [
            [0, '#b6d36a'],
            [0.8, '#8db446'],
            [1, '#6c9233'],
          ],
          { cx: 0.45, cy: 0.4 },
        )}"/></g>`,
      );
      for (let slice = 0; slice < 5; slice++) {
        const x = cx - 50 + slice * 25;
        s.add(
          `<ellipse cx="${n(x)}" cy="${n(cy - 5)}" rx="16" ry="58" transform="rotate(${n(angle + 20)} ${n(x)} ${n(cy)})" fill="#c8df7e" stroke="#4f7a22" stroke-width="3"/>`,
        );
      }
      if (photo.variant === 'egg') s.add(friedEgg(s, cx + 10, cy + 10, 55));
      s.add(
        sprinkle(s, cx, cy, 90, 40, '#c0392b', [1.5, 3], 0.85),
        sprinkle(s, cx, cy, 80, 30, '#f4ecd8', [1.2, 2], 0.9),
      );
      s.add(greensPile(s, cx + 150, cy - 110, 20, 5, ['#5e9631', '#7db343']));
      break;
    }
    case 'breakfast-plate': {
      s.add(friedEgg(s, cx - 55, cy - 60, 65), friedEgg(s, cx + 45, cy - 80, 60));
      for (let strip = 0; strip < 2; strip++) {
        const y = cy + 30 + strip * 48;
        s.add(
          `<path d="M${n(cx - 150)} ${n(y)}q30 -22 60 0t60 0t60 0t60 0" fill="none" stroke="#a63a2c" stroke-width="30" stroke-linecap="round"/>`,
          `<path d="M${n(cx - 150)} ${n(y)}q30 -22 60 0t60 0t60 0t60 0" fill="none" stroke="#f1c4a5" stroke-width="6" stroke-linecap="round" opacity="0.85"/>`,
        );
      }
      s.add(tomatoHalf(cx + 110, cy + 20, 34), tomatoHalf(cx + 120, cy + 95, 30));
      s.add(breadSlice(s, cx - 40, cy + 140, 110, 90, s.between(-20, 20)));
      s.add(sprinkle(s, cx, cy - 60, 100, 25, '#3f7a2a', [1.5, 3], 0.9));
      break;
    }
    case 'pancakes': {
      for (let layer = 0; layer < 3; layer++) {
        const offset = (2 - layer) * 10;
        s.add(
          `<circle cx="${n(cx + offset)}" cy="${n(cy + offset)}" r="150" fill="#000" opacity="0.18"/>`,
          `<circle cx="${n(cx + offset - 4)}" cy="${n(cy + offset - 4)}" r="150" fill="${s.radial([
            [0, '#e9b46c'],
            [0.75, '#d18f45'],
            [0.93, '#b06a27'],
            [1, '#f0d2a0'],
          ])}"/>`,
        );
      }
      s.add(
        `<path d="${blobPath(cx - 10, cy - 10, 120, 110, s.rand, 0.15)}" fill="#8a3e0c" opacity="0.45"/>`,
        `<path d="M${n(cx + 60)} ${n(cy + 80)}q20 30 10 70" fill="none" stroke="#8a3e0c" stroke-width="14" stroke-linecap="round" opacity="0.45"/>`,
        `<rect x="${n(cx - 30)}" y="${n(cy - 38)}" width="56" height="46" rx="8" fill="#fbe8a6" stroke="#e6c76c" stroke-width="2" transform="rotate(12 ${n(cx)} ${n(cy)})"/>`,
      );
      for (let index = 0; index < 8; index++) {
        const [x, y] = s.inCircle(cx + 20, cy + 20, 100);
        s.add(index % 3 === 0 ? raspberry(s, x, y, 14) : berry(s, x, y, 11, '#2f2a5e'));
      }
      s.add(
        leaf(cx + 60, cy - 50, 40, 15, 40, '#4f8f3a'),
        sprinkle(s, cx, cy, 150, 200, '#ffffff', [0.8, 2], 0.8),
      );
      break;
    }
    case 'bagel': {
      const fill = photo.variant === 'salmon';
      for (const [dx, dy] of [
        [-75, -20],
        [85, 35],
      ] as const) {
        const x = cx + dx;
        const y = cy + dy;
        s.add(
          softShadow(x + 8, y + 12, 116, 116),
          `<circle cx="${n(x)}" cy="${n(y)}" r="100" fill="${s.radial([
            [0.3, '#f0cf98'],
            [0.85, '#c98a42'],
            [1, '#9a5b1f'],
          ])}"/>`,
          `<circle cx="${n(x)}" cy="${n(y)}" r="82" fill="#f4e3c1"/>`,
          `<circle cx="${n(x)}" cy="${n(y)}" r="26" fill="#d9b98a"/>`,
        );
        if (fill) {
          s.add(`<path d="${blobPath(x, y, 80, 78, s.rand, 0.08)}" fill="#fbf8f1"/>`);
          for (let slice = 0; slice < 3; slice++) {
            const theta = slice * 2.1 + s.between(0, 0.4);
            const sx = x + Math.cos(theta) * 42;
            const sy = y + Math.sin(theta) * 42;
            s.add(
              `<path d="${blobPath(sx, sy, 38, 22, s.rand, 0.2, 10)}" fill="#f2825e" transform="rotate(${n((theta * 180) / Math.PI + 90)} ${n(sx)} ${n(sy)})"/><path d="M${n(sx - 20)} ${n(sy - 5)}l40 10M${n(sx - 18)} ${n(sy + 8)}l36 6" stroke="#ffd0bd" stroke-width="3" opacity="0.8" transform="rotate(${n((theta * 180) / Math.PI + 90)} ${n(sx)} ${n(sy)})"/>`,
            );
          }
          s.add(
            sprinkle(s, x, y, 60, 8, '#5b7a2a', [4, 5], 1),
            `<circle cx="${n(x + 20)}" cy="${n(y - 15)}" r="16" fill="none" stroke="#8e3a7a" stroke-width="4"/>`,
          );
        } else {
          s.add(
            sprinkle(s, x, y, 92, 50, '#f7efdf', [2, 3.5], 0.9),
            sprinkle(s, x, y, 92, 30, '#2b2420', [1.5, 2.5], 0.9),
          );
        }
      }
      break;
    }
    default: {
      // Sandwich: two halves with fillings peeking out, a pickle and a few crisps.
      const fillings =
        photo.variant === 'caprese'
          ? ['#5e9631', '#e5493a', '#fbf8f1']
          : photo.variant === 'cheese'
            ? ['#f2b632', '#f7c948']
            : ['#7db343', '#e5493a', '#f4c27a', '#f6d77a'];
      s.add(sandwichHalf(s, cx - 60, cy - 55, 125, s.between(-12, 0), fillings));
      s.add(sandwichHalf(s, cx + 45, cy + 55, 125, s.between(170, 185), fillings));
      s.add(
        `<g transform="rotate(30 ${n(cx + 120)} ${n(cy - 120)})"><ellipse cx="${n(cx + 120)}" cy="${n(cy - 120)}" rx="45" ry="20" fill="#6b8e23" stroke="#4b6a16" stroke-width="3"/><ellipse cx="${n(cx + 120)}" cy="${n(cy - 120)}" rx="34" ry="12" fill="#a9c25a"/></g>`,
      );
      for (let index = 0; index < 5; index++) {
        const x = cx - 140 + s.between(-20, 20);
        const y = cy + 110 + s.between(-30, 30);
        s.add(
          `<path d="${blobPath(x, y, 30, 24, s.rand, 0.2, 8)}" fill="#f0c661" stroke="#d49d2a" stroke-width="2"/>`,
        );
      }
    }
  }
}

function bowlScene(s: Scene, photo: DemoPhoto): void {
  const cx = W / 2 + s.between(-20, 20);
  const cy = H / 2 + s.between(-10, 15);
  const r = 225;
  if (s.rand() < 0.6)
    napkin(
      s,
      cx + r * 0.95,
      cy - r * 0.6,
      170,
      s.between(-20, 20),
      s.pick(['#d9c7a7', '#c9d6cf', '#e7d5c9']),
    );
  if (photo.kind === 'soup') {
    plate(s, cx, cy, r * 1.12, '#f3eee6');
    s.add(breadSlice(s, cx - r * 0.85, cy + r * 0.65, 140, 120, s.between(20, 40)));
  }
  spoon(s, cx + r * 0.95, cy + r * 0.55, s.between(-140, -110));
  const inner = bowl(
    s,
    cx,
    cy,
    photo.kind === 'soup' ? r * 0.85 : r,
    s.pick(['#f4efe6', '#e3ebe8', '#2f3b40', '#e8d9c5', '#c9d8e4']),
  );
  const content: string[] = [];
  switch (photo.kind) {
    case 'soup': {
      const soup = photo.color ?? '#d2462b';
      content.push(
        `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(inner)}" fill="${s.radial([
          [0, shade(soup, 0.15)],
          [0.85, soup],
          [1, shade(soup, -0.25)],
        ])}"/>`,
      );
      const points: string[] = [];
      for (let step = 0; step <= 80; step++) {
        const theta = step * 0.14;
        const radius = 6 + theta * 7;
        points.push(`${n(cx + 10 + Math.cos(theta) * radius)} ${n(cy + Math.sin(theta) * radius)}`);
      }
      content.push(
        `<path d="M${points.join('L')}" fill="none" stroke="#fbf3e8" stroke-width="6" stroke-linecap="round" opacity="0.85"/>`,
        leaf(cx - 40, cy - 40, 48, 22, 30, '#3f7a2a'),
        leaf(cx - 15, cy - 55, 40, 18, -40, '#4f8f3a'),
        sprinkle(s, cx, cy, inner * 0.8, 50, '#2b2420', [1, 2], 0.7),
      );
      for (let index = 0; index < 5; index++) {
        const [x, y] = s.inCircle(cx + 40, cy + 40, inner * 0.4);
        content.push(
          `<rect x="${n(x - 12)}" y="${n(y - 12)}" width="24" height="24" rx="5" transform="rotate(${n(s.between(0, 90))} ${n(x)} ${n(y)})" fill="#e4b566" stroke="#b9812f" stroke-width="2"/>`,
        );
      }
      break;
    }
    case 'yogurt-bowl': {
      const porridge = photo.variant === 'porridge';
      content.push(
        `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(inner)}" fill="${
          porridge
            ? s.radial([
                [0, '#efe2c6'],
                [1, '#d8c39c'],
              ])
            : s.radial([
                [0, '#ffffff'],
                [1, '#efe9dd'],
              ])
        }"/>`,
      );
      if (porridge) content.push(sprinkle(s, cx, cy, inner, 160, '#c4a877', [1.5, 4], 0.5));
      // Granola on one side, fruit on the other.
      for (let index = 0; index < 40; index++) {
        const [x, y] = s.inCircle(cx - inner * 0.45, cy, inner * 0.45);
        content.push(
          `<path d="${blobPath(x, y, 12, 10, s.rand, 0.35, 7)}" fill="${s.pick(['#c48a45', '#a86d2f', '#d9a25c'])}" stroke="#7a4a1b" stroke-width="1"/>`,
        );
      }
      for (let index = 0; index < 5; index++) {
        const x = cx + inner * 0.1 + index * 22;
        const y = cy - inner * 0.55 + index * 20;
        content.push(
          `<circle cx="${n(x)}" cy="${n(y)}" r="24" fill="#fbf1c7" stroke="#eadb9b" stroke-width="3"/><circle cx="${n(x)}" cy="${n(y)}" r="6" fill="#e6d79e" opacity="0.7"/>`,
        );
      }
      for (let index = 0; index < 10; index++) {
        const [x, y] = s.inCircle(cx + inner * 0.45, cy + inner * 0.35, inner * 0.3);
        content.push(index % 2 === 0 ? raspberry(s, x, y, 14) : berry(s, x, y, 11, '#2f2a5e'));
      }
      content.push(
        `<path d="M${n(cx - inner * 0.7)} ${n(cy - inner * 0.2)}q${n(inner * 0.4)} -60 ${n(inner * 0.8)} 0t${n(inner * 0.7)} 20" fill="none" stroke="#e9a11b" stroke-width="6" stroke-linecap="round" opacity="0.75"/>`,
        leaf(cx + inner * 0.3, cy + inner * 0.05, 36, 14, 30, '#4f8f3a'),
      );
      break;
    }
    case 'grain-bowl': {
      const poke = photo.variant === 'poke';
      content.push(
        `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(inner)}" fill="${poke ? '#f7f3ea' : '#e6d3a8'}"/>`,
      );
      content.push(sprinkle(s, cx, cy, inner, 300, poke ? '#ffffff' : '#c9ac72', [2, 4], 0.8));
      const sections: ((x: number, y: number) => string)[] = [
        (x, y) => sprinkle(s, x, y, 45, 28, '#7fb446', [6, 9], 1),
        (x, y) => {
          const strips: string[] = [];
          for (let index = 0; index < 14; index++) {
            const [sx, sy] = s.inCircle(x, y, 40);
            strips.push(
              `<rect x="${n(sx - 22)}" y="${n(sy - 3)}" width="44" height="6" rx="3" transform="rotate(${n(s.between(0, 180))} ${n(sx)} ${n(sy)})" fill="#f28c28"/>`,
            );
          }
          return strips.join('');
        },
        (x, y) => {
          const cubes: string[] = [];
          for (let index = 0; index < 7; index++) {
            const [sx, sy] = s.inCircle(x, y, 40);
            cubes.push(
              poke
                ? `<rect x="${n(sx - 16)}" y="${n(sy - 16)}" width="32" height="32" rx="6" transform="rotate(${n(s.between(0, 90))} ${n(sx)} ${n(sy)})" fill="#f2785c" stroke="#ffc2ae" stroke-width="3"/>`
                : `<circle cx="${n(sx)}" cy="${n(sy)}" r="12" fill="${s.radial(
                    [
                      [0, '#f3d9a4'],
                      [1, '#d8ac62'],
                    ],
                    { cx: 0.4, cy: 0.35 },
                  )}"/>`,
            );
          }
          return cubes.join('');
        },
        (x, y) => {
          const slices: string[] = [];
          for (let index = 0; index < 4; index++) {
            slices.push(
              `<ellipse cx="${n(x - 30 + index * 20)}" cy="${n(y)}" rx="14" ry="48" transform="rotate(20 ${n(x)} ${n(y)})" fill="#cfe28a" stroke="#4f7a22" stroke-width="3"/>`,
            );
          }
          return slices.join('');
        },
        (x, y) => {
          const shreds: string[] = [];
          for (let index = 0; index < 16; index++) {
            const [sx, sy] = s.inCircle(x, y, 42);
            shreds.push(
              `<path d="M${n(sx - 18)} ${n(sy)}q18 ${n(s.between(-10, 10))} 36 0" fill="none" stroke="#7b2d6b" stroke-width="5" stroke-linecap="round" transform="rotate(${n(s.between(0, 180))} ${n(sx)} ${n(sy)})"/>`,
            );
          }
          return shreds.join('');
        },
      ];
      const turn = s.between(0, Math.PI * 2);
      sections.forEach((draw, index) => {
        const theta = turn + (index / sections.length) * Math.PI * 2;
        content.push(draw(cx + Math.cos(theta) * inner * 0.58, cy + Math.sin(theta) * inner * 0.58));
      });
      content.push(
        `<path d="M${n(cx - 30)} ${n(cy + 20)}A36 36 0 0 1 ${n(cx + 30)} ${n(cy + 20)}Z" fill="#8cc152" stroke="#5e9631" stroke-width="4"/>`,
        sprinkle(s, cx, cy, 40, 30, '#fbf3dc', [1.5, 2.5], 1),
        sprinkle(s, cx, cy, 40, 20, '#1d1a16', [1.5, 2.5], 1),
      );
      break;
    }
    default: {
      const caesar = photo.variant === 'caesar';
      content.push(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(inner)}" fill="#5e9631"/>`);
      content.push(
        greensPile(
          s,
          cx,
          cy,
          inner * 0.9,
          55,
          caesar ? ['#a6cf5b', '#8cc152', '#c8e08a', '#6fa83a'] : GREENS,
        ),
      );
      if (caesar) {
        for (let index = 0; index < 8; index++) {
          const [x, y] = s.inCircle(cx, cy, inner * 0.7);
          content.push(
            `<rect x="${n(x - 14)}" y="${n(y - 14)}" width="28" height="28" rx="5" transform="rotate(${n(s.between(0, 90))} ${n(x)} ${n(y)})" fill="#e4b566" stroke="#b9812f" stroke-width="2"/>`,
          );
        }
        for (let index = 0; index < 9; index++) {
          const [x, y] = s.inCircle(cx, cy, inner * 0.7);
          content.push(
            `<path d="${blobPath(x, y, 16, 8, s.rand, 0.3, 6)}" fill="#f7ecc4" transform="rotate(${n(s.between(0, 180))} ${n(x)} ${n(y)})"/>`,
          );
        }
        content.push(
          `<path d="M${n(cx - inner * 0.5)} ${n(cy)}q${n(inner * 0.5)} -40 ${n(inner)} 0" fill="none" stroke="#f6efd9" stroke-width="7" stroke-linecap="round" opacity="0.85"/>`,
        );
      } else {
        for (let index = 0; index < 6; index++) {
          const [x, y] = s.inCircle(cx, cy, inner * 0.7);
          content.push(tomatoHalf(x, y, 18));
        }
        for (let index = 0; index < 5; index++) {
          const [x, y] = s.inCircle(cx, cy, inner * 0.7);
          content.push(cucumber(s, x, y, 22));
        }
        for (let index = 0; index < 5; index++) {
          const [x, y] = s.inCircle(cx, cy, inner * 0.6);
          content.push(
            `<ellipse cx="${n(x)}" cy="${n(y)}" rx="12" ry="9" fill="#2e1f2b"/><ellipse cx="${n(x)}" cy="${n(y)}" rx="4" ry="3" fill="#5a3f52"/>`,
          );
        }
        if (photo.variant === 'greek') {
          for (let index = 0; index < 6; index++) {
            const [x, y] = s.inCircle(cx, cy, inner * 0.4);
            content.push(
              `<rect x="${n(x - 15)}" y="${n(y - 15)}" width="30" height="30" rx="4" transform="rotate(${n(s.between(0, 90))} ${n(x)} ${n(y)})" fill="#fdfbf4" stroke="#e9e2cf" stroke-width="2"/>`,
            );
          }
        }
        for (let index = 0; index < 3; index++) {
          const [x, y] = s.inCircle(cx, cy, inner * 0.6);
          content.push(
            `<circle cx="${n(x)}" cy="${n(y)}" r="${n(s.between(18, 26))}" fill="none" stroke="#9b4a8f" stroke-width="4" opacity="0.9"/>`,
          );
        }
      }
    }
  }
  s.clipped(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(inner)}"/>`, content);
  s.add(
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(inner)}" fill="${s.radial(
      [
        [0.86, '#000000', 0],
        [1, '#000000', 0.25],
      ],
      { cx: 0.52, cy: 0.54, r: 0.5 },
    )}"/>`,
  );
}

const SCENES: Record<DemoPhotoKind, (s: Scene, photo: DemoPhoto) => void> = {
  espresso: coffeeScene,
  americano: coffeeScene,
  latte: coffeeScene,
  cappuccino: coffeeScene,
  mocha: coffeeScene,
  tea: coffeeScene,
  chai: coffeeScene,
  matcha: coffeeScene,
  'iced-coffee': coldDrinkScene,
  juice: coldDrinkScene,
  lemonade: coldDrinkScene,
  smoothie: coldDrinkScene,
  croissant: bakeryScene,
  'pain-au-chocolat': bakeryScene,
  'cinnamon-roll': bakeryScene,
  muffin: bakeryScene,
  cookies: bakeryScene,
  'cake-slice': bakeryScene,
  brownie: bakeryScene,
  tart: bakeryScene,
  toast: plateScene,
  'breakfast-plate': plateScene,
  pancakes: plateScene,
  sandwich: plateScene,
  bagel: plateScene,
  'yogurt-bowl': bowlScene,
  salad: bowlScene,
  'grain-bowl': bowlScene,
  soup: bowlScene,
};

/** The SVG of a demo photo; the same photo and seed always give the same picture. */
export function demoPhotoSvg(photo: DemoPhoto, seed: string): string {
  const scene = new Scene(seededRandom(`${photo.kind}|${photo.variant ?? ''}|${seed}`));
  drawTable(scene, scene.pick(TABLES));
  SCENES[photo.kind](scene, photo);
  drawLight(scene);
  return scene.toSvg();
}

/** A demo photo as PNG bytes, ready for the ordinary upload path (which stores it as WebP). */
export async function renderDemoPhoto(photo: DemoPhoto, seed: string): Promise<Buffer> {
  return sharp(Buffer.from(demoPhotoSvg(photo, seed)))
    .png({ compressionLevel: 1 })
    .toBuffer();
}
