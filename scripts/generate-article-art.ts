// Writes the demo articles' cover illustrations (web/public/images/articles/<name>.svg) from a
// small set of flat motifs we drew ourselves, so every demo card looks finished with nothing
// fetched at run time. Run once after adding a demo article: `npx tsx scripts/generate-article-art.ts`.
// The output is committed; the site only serves the files.
import fs from 'node:fs';
import path from 'node:path';

const outDir = path.resolve(import.meta.dirname, '../web/public/images/articles');

type Motif = (color: string, dark: string) => string;

/** Each motif is drawn around (0, 0) within about 300 x 300 units. */
const MOTIFS: Record<string, Motif> = {
  paw: (c) =>
    `<g fill="${c}"><ellipse cx="0" cy="50" rx="85" ry="70"/><ellipse cx="-95" cy="-40" rx="32" ry="42"/><ellipse cx="-38" cy="-95" rx="32" ry="44"/><ellipse cx="38" cy="-95" rx="32" ry="44"/><ellipse cx="95" cy="-40" rx="32" ry="42"/></g>`,
  heart: (c, d) =>
    `<path d="M0 110C-160 10-150-120-60-120c30 0 50 20 60 40 10-20 30-40 60-40 90 0 100 130-60 230z" fill="${c}"/><path d="M-120 0h60l20-40 30 80 25-55 15 15h90" fill="none" stroke="${d}" stroke-width="12" stroke-linejoin="round" stroke-linecap="round"/>`,
  tick: (c, d) =>
    `<g stroke="${d}" stroke-width="12" stroke-linecap="round" fill="none"><path d="M-40-20l-90-50M-45 10l-100 0M-40 40l-90 50M-25 60l-60 90M40-20l90-50M45 10l100 0M40 40l90 50M25 60l60 90"/></g><ellipse cx="0" cy="30" rx="70" ry="90" fill="${c}"/><ellipse cx="0" cy="-75" rx="32" ry="28" fill="${d}"/><ellipse cx="0" cy="40" rx="40" ry="55" fill="${d}" opacity="0.25"/>`,
  bone: (c) =>
    `<g fill="${c}" transform="rotate(-20)"><rect x="-110" y="-28" width="220" height="56" rx="20"/><circle cx="-115" cy="-35" r="38"/><circle cx="-115" cy="35" r="38"/><circle cx="115" cy="-35" r="38"/><circle cx="115" cy="35" r="38"/></g>`,
  pill: (c, d) =>
    `<g transform="rotate(-35)"><path d="M-140 0a60 60 0 0 1 60-60h80v120h-80a60 60 0 0 1-60-60z" fill="${c}"/><path d="M0-60h80a60 60 0 0 1 0 120h-80z" fill="#ffffff" stroke="${c}" stroke-width="10"/><path d="M-110-20q20-25 60-25" stroke="#ffffff" stroke-width="12" fill="none" stroke-linecap="round" opacity="0.7"/></g><circle cx="120" cy="95" r="38" fill="${d}"/><path d="M92 95h56" stroke="#ffffff" stroke-width="8"/>`,
  tooth: (c, d) =>
    `<path d="M-100-80c0-60 50-75 100-45 50-30 100-15 100 45 0 50-25 70-35 130-8 50-20 90-45 90-25 0-20-90-20-90s5 90-20 90c-25 0-37-40-45-90-10-60-35-80-35-130z" fill="#ffffff" stroke="${c}" stroke-width="14"/><path d="M-55-70q20-20 40-10" stroke="${d}" stroke-width="10" fill="none" stroke-linecap="round" opacity="0.5"/>`,
  dog: (c, d) =>
    `<path d="M-120-90c-40 0-60 80-40 150 30-10 50-50 55-90z" fill="${d}"/><path d="M120-90c40 0 60 80 40 150-30-10-50-50-55-90z" fill="${d}"/><ellipse cx="0" cy="0" rx="115" ry="120" fill="${c}"/><ellipse cx="0" cy="60" rx="65" ry="50" fill="#fff7e6"/><circle cx="-42" cy="-20" r="13" fill="#262626"/><circle cx="42" cy="-20" r="13" fill="#262626"/><ellipse cx="0" cy="38" rx="24" ry="17" fill="#262626"/><path d="M0 55v20M-22 80q22 15 44 0" stroke="#262626" stroke-width="6" fill="none" stroke-linecap="round"/>`,
  cat: (c, d) =>
    `<path d="M-110-40l-10-120 90 60zM110-40l10-120-90 60z" fill="${c}"/><path d="M-95-70l-8-65 45 35zM95-70l8-65-45 35z" fill="#ffadd2"/><ellipse cx="0" cy="10" rx="125" ry="110" fill="${c}"/><g fill="#fadb14"><ellipse cx="-45" cy="-5" rx="20" ry="24"/><ellipse cx="45" cy="-5" rx="20" ry="24"/></g><g fill="#262626"><ellipse cx="-45" cy="-5" rx="6" ry="20"/><ellipse cx="45" cy="-5" rx="6" ry="20"/></g><path d="M-12 35h24l-12 14z" fill="#eb2f96"/><g stroke="${d}" stroke-width="5" stroke-linecap="round"><path d="M-30 45l-90-10M-30 55l-85 20M30 45l90-10M30 55l85 20"/></g>`,
  bird: (c, d) =>
    `<ellipse cx="0" cy="30" rx="95" ry="110" fill="${c}"/><circle cx="0" cy="-85" r="65" fill="${c}"/><path d="M-20 -10q-110 40-60 150q50-30 60-150z" fill="${d}"/><path d="M45-95l55 20-55 20z" fill="#fa8c16"/><circle cx="20" cy="-100" r="12" fill="#262626"/><path d="M-30 135l-20 40M20 135l20 40" stroke="#ad6800" stroke-width="10" stroke-linecap="round"/>`,
  snow: (c) =>
    `<g stroke="${c}" stroke-width="16" stroke-linecap="round" fill="none">${[0, 60, 120].map((a) => `<g transform="rotate(${a})"><path d="M0-140v280M-35-110l35 30 35-30M-35 110l35-30 35 30"/></g>`).join('')}</g><circle r="22" fill="${c}"/>`,
  bowl: (c, d) =>
    `<path d="M-150-10h300c0 90-60 130-150 130s-150-40-150-130z" fill="${c}"/><ellipse cx="0" cy="-10" rx="150" ry="30" fill="${d}"/><ellipse cx="0" cy="-12" rx="125" ry="20" fill="#69b1ff"/><path d="M-40-150c-30 40-30 65 0 65s30-25 0-65z" fill="#69b1ff"/>`,
  scale: (c, d) =>
    `<rect x="-140" y="-40" width="280" height="160" rx="30" fill="${c}"/><circle cx="0" cy="30" r="55" fill="#ffffff"/><path d="M0 30l30-35" stroke="${d}" stroke-width="10" stroke-linecap="round"/><g fill="${d}"><circle cx="-40" cy="5" r="6"/><circle cx="0" cy="-12" r="6"/><circle cx="40" cy="5" r="6"/></g><path d="M-90-40c0-60 180-60 180 0" fill="none" stroke="${d}" stroke-width="12"/>`,
  flower: (c, d) =>
    `<path d="M0 40v140" stroke="#389e0d" stroke-width="14"/><path d="M0 130q60-60 110-20q-50 40-110 20z" fill="#52c41a"/>${[0, 72, 144, 216, 288].map((a) => `<path transform="rotate(${a})" d="M0 0c-40-40-40-110 0-150 40 40 40 110 0 150z" fill="${c}"/>`).join('')}<circle r="30" fill="${d}"/><g fill="#ad6800">${[0, 60, 120, 180, 240, 300].map((a) => `<circle transform="rotate(${a})" cx="0" cy="-55" r="9"/>`).join('')}</g>`,
  house: (c, d) =>
    `<path d="M-150 10l150-130 150 130z" fill="${d}"/><rect x="-120" y="5" width="240" height="150" fill="${c}"/><path d="M-45 155v-75a45 45 0 0 1 90 0v75z" fill="#262626"/><path d="M-20 120a20 20 0 1 1 40 0" fill="#595959"/>`,
  star: (c, d) =>
    `<g stroke-linecap="round" stroke-width="12">${Array.from({ length: 12 }, (_, i) => `<path transform="rotate(${i * 30})" d="M0-50v-${i % 2 ? 70 : 110}" stroke="${i % 2 ? d : c}"/>`).join('')}</g><circle r="32" fill="${c}"/>`,
  drop: (c, d) =>
    `<path d="M0-150c-70 100-110 150-110 210a110 110 0 0 0 220 0c0-60-40-110-110-210z" fill="${c}"/><path d="M-55 50a55 55 0 0 0 45 55" stroke="#ffffff" stroke-width="16" fill="none" stroke-linecap="round" opacity="0.8"/><path d="M-15 40h30M0 25v30" stroke="${d}" stroke-width="10" stroke-linecap="round"/>`,
  chip: (c, d) =>
    `<rect x="-100" y="-100" width="200" height="200" rx="24" fill="${c}"/><rect x="-50" y="-50" width="100" height="100" rx="10" fill="${d}"/><g stroke="${c}" stroke-width="12" stroke-linecap="round">${[-60, -20, 20, 60].map((p) => `<path d="M${p}-100v-40M${p} 100v40M-100 ${p}h-40M100 ${p}h40"/>`).join('')}</g>`,
  lizard: (c, d) =>
    `<path d="M-20 40c-60 0-120 30-150 80 60-30 110-40 150-30z" fill="${c}"/><ellipse cx="30" cy="20" rx="120" ry="60" fill="${c}"/><ellipse cx="160" cy="0" rx="60" ry="42" fill="${c}"/><circle cx="180" cy="-10" r="8" fill="#262626"/><g fill="${d}"><path d="M-20-30l15-25 15 25zM20-38l15-25 15 25zM60-34l15-25 15 25z"/></g><g stroke="${c}" stroke-width="18" stroke-linecap="round"><path d="M-30 60l-30 50M100 60l20 50M-10-20l-40-40M110-20l20-40"/></g>`,
  cavy: (c, d) =>
    `<ellipse cx="0" cy="20" rx="150" ry="95" fill="${c}"/><ellipse cx="-30" cy="-10" rx="80" ry="55" fill="#ffffff" opacity="0.55"/><circle cx="105" cy="-50" r="18" fill="${d}"/><circle cx="120" cy="0" r="10" fill="#262626"/><ellipse cx="150" cy="25" rx="10" ry="7" fill="#eb2f96"/><g fill="${d}"><ellipse cx="-80" cy="110" rx="25" ry="12"/><ellipse cx="80" cy="110" rx="25" ry="12"/></g>`,
  box: (c, d) =>
    `<path d="M-160 20h320l-25 110h-270z" fill="${c}"/><rect x="-170" y="0" width="340" height="30" rx="10" fill="${d}"/><g fill="#fff1b8">${[-110, -60, -10, 40, 90].map((x) => `<circle cx="${x}" cy="-5" r="16"/>`).join('')}</g>`,
  ear: (c, d) =>
    `<path d="M-40-150c110-20 150 80 110 150-25 45-60 40-60 90 0 40-60 50-80 10" fill="none" stroke="${c}" stroke-width="36" stroke-linecap="round"/><path d="M-10-80c50-5 70 40 45 75" fill="none" stroke="${d}" stroke-width="18" stroke-linecap="round"/>`,
  crate: (c, d) =>
    `<rect x="-150" y="-110" width="300" height="220" rx="18" fill="none" stroke="${c}" stroke-width="16"/><g stroke="${d}" stroke-width="10">${[-100, -50, 0, 50, 100].map((x) => `<path d="M${x}-110v220"/>`).join('')}</g><path d="M-150 110h300" stroke="${c}" stroke-width="24"/>`,
  thermo: (c, d) =>
    `<rect x="-30" y="-150" width="60" height="220" rx="30" fill="#ffffff" stroke="${d}" stroke-width="10"/><rect x="-14" y="-60" width="28" height="140" fill="${c}"/><circle cy="100" r="55" fill="${c}" stroke="${d}" stroke-width="10"/>`,
  sun: (c, d) =>
    `<g stroke="${d}" stroke-width="14" stroke-linecap="round">${Array.from({ length: 8 }, (_, i) => `<path transform="rotate(${i * 45})" d="M0-95v-45"/>`).join('')}</g><circle r="75" fill="${c}"/>`,
  ball: (c, d) =>
    `<circle r="110" fill="${c}"/><path d="M-105-30c60 20 150 10 190-50M-90 60c60-40 150-40 200-20" fill="none" stroke="${d}" stroke-width="12"/>`,
  syringe: (c, d) =>
    `<g transform="rotate(40)"><rect x="-40" y="-130" width="80" height="200" rx="12" fill="#ffffff" stroke="${d}" stroke-width="10"/><rect x="-30" y="-20" width="60" height="85" fill="${c}"/><path d="M0 70v80" stroke="${d}" stroke-width="8"/><path d="M-60-130h120M0-130v-40M-35-170h70" stroke="${d}" stroke-width="12" stroke-linecap="round"/></g>`,
};

interface Cover {
  file: string;
  bg: string;
  soft: string;
  color: string;
  dark: string;
  main: keyof typeof MOTIFS;
  extras: (keyof typeof MOTIFS)[];
}

export const COVERS: Cover[] = [
  { file: 'heartworm-prevention', bg: '#fff1f0', soft: '#ffccc7', color: '#f5222d', dark: '#820014', main: 'heart', extras: ['dog', 'pill'] },
  { file: 'fleas-and-ticks', bg: '#f6ffed', soft: '#d9f7be', color: '#8c4a1f', dark: '#3b1d0b', main: 'tick', extras: ['paw', 'flower'] },
  { file: 'toxic-foods-dogs', bg: '#fff7e6', soft: '#ffe7ba', color: '#722ed1', dark: '#391085', main: 'bowl', extras: ['dog', 'star'] },
  { file: 'lilies-and-cats', bg: '#fff0f6', soft: '#ffd6e7', color: '#ff85c0', dark: '#fadb14', main: 'flower', extras: ['cat', 'drop'] },
  { file: 'spay-neuter', bg: '#e6f4ff', soft: '#bae0ff', color: '#1677ff', dark: '#003eb3', main: 'syringe', extras: ['cat', 'dog'] },
  { file: 'microchipping', bg: '#f0f5ff', soft: '#d6e4ff', color: '#2f54eb', dark: '#10239e', main: 'chip', extras: ['paw', 'house'] },
  { file: 'healthy-weight', bg: '#fcffe6', soft: '#f4ffb8', color: '#7cb305', dark: '#254000', main: 'scale', extras: ['ball', 'bone'] },
  { file: 'itchy-dog-allergies', bg: '#fff2e8', soft: '#ffd8bf', color: '#d4380d', dark: '#871400', main: 'paw', extras: ['flower', 'dog'] },
  { file: 'new-kitten', bg: '#f9f0ff', soft: '#efdbff', color: '#9254de', dark: '#391085', main: 'cat', extras: ['house', 'heart'] },
  { file: 'crate-training', bg: '#fffbe6', soft: '#fff1b8', color: '#d48806', dark: '#613400', main: 'crate', extras: ['dog', 'bone'] },
  { file: 'winter-safety', bg: '#e6fffb', soft: '#b5f5ec', color: '#13c2c2', dark: '#00474f', main: 'snow', extras: ['paw', 'drop'] },
  { file: 'fireworks-anxiety', bg: '#f0f5ff', soft: '#d6e4ff', color: '#eb2f96', dark: '#2f54eb', main: 'star', extras: ['dog', 'house'] },
  { file: 'human-medicines', bg: '#fff1f0', soft: '#ffccc7', color: '#cf1322', dark: '#5c0011', main: 'pill', extras: ['cat', 'dog'] },
  { file: 'dog-tooth-brushing', bg: '#e6f4ff', soft: '#bae0ff', color: '#1677ff', dark: '#003eb3', main: 'tooth', extras: ['dog', 'star'] },
  { file: 'pet-bird-health', bg: '#f6ffed', soft: '#d9f7be', color: '#52c41a', dark: '#135200', main: 'bird', extras: ['flower', 'heart'] },
  { file: 'dog-ear-infections', bg: '#fff7e6', soft: '#ffe7ba', color: '#d46b08', dark: '#612500', main: 'ear', extras: ['dog', 'drop'] },
  { file: 'vomiting-diarrhea', bg: '#fff1f0', soft: '#ffccc7', color: '#fa541c', dark: '#871400', main: 'thermo', extras: ['dog', 'cat'] },
  { file: 'adopting-shelter-dog', bg: '#f9f0ff', soft: '#efdbff', color: '#c41d7f', dark: '#520339', main: 'house', extras: ['heart', 'dog'] },
  { file: 'litter-box-setup', bg: '#fcffe6', soft: '#f4ffb8', color: '#5b8c00', dark: '#254000', main: 'box', extras: ['cat', 'heart'] },
  { file: 'guinea-pig-care', bg: '#fff7e6', soft: '#ffe7ba', color: '#ad6800', dark: '#613400', main: 'cavy', extras: ['flower', 'heart'] },
  { file: 'dog-hydration', bg: '#e6f4ff', soft: '#bae0ff', color: '#1677ff', dark: '#003eb3', main: 'drop', extras: ['bowl', 'sun'] },
  { file: 'dog-exercise', bg: '#f6ffed', soft: '#d9f7be', color: '#fadb14', dark: '#389e0d', main: 'ball', extras: ['dog', 'sun'] },
  { file: 'bearded-dragon', bg: '#fffbe6', soft: '#fff1b8', color: '#d48806', dark: '#873800', main: 'lizard', extras: ['sun', 'thermo'] },
];

function cover(c: Cover): string {
  const [a, b] = c.extras;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 960 480" width="960" height="480">
<rect width="960" height="480" fill="${c.bg}"/>
<circle cx="820" cy="70" r="150" fill="${c.soft}"/><circle cx="90" cy="420" r="120" fill="${c.soft}"/><circle cx="560" cy="60" r="40" fill="${c.soft}"/>
<ellipse cx="400" cy="430" rx="330" ry="40" fill="${c.soft}"/>
<g transform="translate(380 250)">${MOTIFS[c.main]!(c.color, c.dark)}</g>
<g transform="translate(720 200) scale(0.42)">${MOTIFS[a!]!(c.dark, c.color)}</g>
<g transform="translate(790 370) scale(0.3)">${MOTIFS[b!]!(c.color, c.dark)}</g>
</svg>
`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  for (const c of COVERS) fs.writeFileSync(path.join(outDir, `${c.file}.svg`), cover(c));
  console.log(`wrote ${COVERS.length} covers to ${outDir}`);
}
