/**
 * Pictures for the demo content, drawn as SVG and rendered by sharp: landscapes with the school
 * in them, portraits for the leadership page and a crest for the logo. No photos of real people.
 */
import sharp from 'sharp';

export interface Palette {
  skyTop: string;
  skyBottom: string;
  sun: string;
  hills: readonly [string, string, string];
}

export const PALETTES: readonly Palette[] = [
  { skyTop: '#7cc4f2', skyBottom: '#e3f4ff', sun: '#ffe08a', hills: ['#9ccf8a', '#6fae6a', '#3f7f4f'] },
  { skyTop: '#f7a072', skyBottom: '#ffe3c2', sun: '#fff1b8', hills: ['#d9a06b', '#a86f4c', '#6e4a3a'] },
  { skyTop: '#5b7fc7', skyBottom: '#c9d8f5', sun: '#fbe7a1', hills: ['#8fb3a6', '#5f8f86', '#355f63'] },
  { skyTop: '#ffb6a3', skyBottom: '#fff0e0', sun: '#ffd36e', hills: ['#b9d68c', '#86b36a', '#557f48'] },
  { skyTop: '#8fd3c7', skyBottom: '#effaf6', sun: '#fff4c4', hills: ['#a7d7a0', '#72b38a', '#3f7d6b'] },
  { skyTop: '#c3a6e8', skyBottom: '#f4ecff', sun: '#ffe6a8', hills: ['#b7c98f', '#8aa673', '#5b7a55'] },
];

/** What a landscape shows, as its text alternative. */
export const SCENE_ALT = 'A drawing of the school building among green hills and trees, the sun in the sky';

/** What a portrait shows, as its text alternative: `name` is the leader's, as the page names them. */
export const portraitAlt = (name: string) => `A drawn portrait of ${name}`;

/** What the crest shows, as the logo's text alternative. */
export const crestAlt = (schoolName: string) => `${schoolName} crest: a blue shield with a golden rising sun`;

/** A landscape, 1600 × 1067: sky, sun, three hills, the school building and a few trees. */
export function sceneSvg(palette: Palette, variant: number): string {
  const sunX = 300 + ((variant * 370) % 1000);
  const schoolX = 520 + ((variant * 230) % 500);
  const trees = [0, 1, 2, 3, 4]
    .map((i) => {
      const x = 80 + ((i * 331 + variant * 97) % 1440);
      const size = 60 + ((i * 23 + variant * 11) % 40);
      return `<rect x="${x - 6}" y="${820 - size * 0.2}" width="12" height="${size * 0.9}" fill="#6b4f3a"/>
        <circle cx="${x}" cy="${800 - size * 0.6}" r="${size * 0.75}" fill="${palette.hills[2]}"/>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1067" viewBox="0 0 1600 1067">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${palette.skyTop}"/><stop offset="1" stop-color="${palette.skyBottom}"/>
    </linearGradient></defs>
    <rect width="1600" height="1067" fill="url(#sky)"/>
    <circle cx="${sunX}" cy="240" r="110" fill="${palette.sun}"/>
    <path d="M0 640 Q 400 460 800 600 T 1600 560 V1067 H0Z" fill="${palette.hills[0]}"/>
    <path d="M0 760 Q 500 600 1000 720 T 1600 680 V1067 H0Z" fill="${palette.hills[1]}"/>
    <g transform="translate(${schoolX} 560)">
      <rect x="0" y="120" width="420" height="220" fill="#f4efe6"/>
      <polygon points="-20,130 210,20 440,130" fill="#b5523b"/>
      <rect x="180" y="230" width="60" height="110" fill="#17436b"/>
      ${[30, 110, 290, 350].map((x) => `<rect x="${x}" y="170" width="44" height="44" fill="#7fb4e0"/>`).join('')}
      <rect x="206" y="-40" width="6" height="70" fill="#555"/>
      <rect x="212" y="-40" width="48" height="30" fill="#f2b233"/>
    </g>
    <path d="M0 880 Q 600 760 1200 860 T 1600 840 V1067 H0Z" fill="${palette.hills[2]}"/>
    ${trees}
  </svg>`;
}

/** A friendly, faceless portrait, 800 × 800, for the leadership page. */
export function portraitSvg(background: string, clothes: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
    <rect width="800" height="800" fill="${background}"/>
    <circle cx="400" cy="310" r="150" fill="#e2b89a"/>
    <path d="M250 290 Q 260 140 400 140 Q 540 140 550 290 Q 520 200 400 200 Q 280 200 250 290Z" fill="#3a2a22"/>
    <path d="M130 800 Q 150 520 400 500 Q 650 520 670 800Z" fill="${clothes}"/>
  </svg>`;
}

/** The school's crest, 512 × 512, as a logo. */
export function crestSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 64 64">
    <path fill="#17436b" d="M32 2 58 12v18c0 16-11 27-26 32C17 57 6 46 6 30V12Z"/>
    <path fill="#f2b233" d="M12 38a20 20 0 0 1 40 0Z"/>
    <path fill="#fff" d="M18 44h28v4H18zm4 6h20v3H22z"/>
  </svg>`;
}

export function renderJpeg(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

export function renderPng(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png().toBuffer();
}
