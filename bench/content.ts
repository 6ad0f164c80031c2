// The benchmark site's records, generated from a seed: varied enough to look like a real blog, identical on every run.
import { createRandom, type Random } from './random'
import {
  ADJECTIVES,
  CODE_SAMPLES,
  CONNECTORS,
  NICKNAMES,
  NOUNS,
  SKILL_NAMES,
  TECHNOLOGIES,
  TITLE_OPENERS,
  TITLE_SUBJECTS,
  TITLE_TAILS,
  VERBS,
} from './words'

const TITLE_COMBINATIONS = TITLE_OPENERS.length * TITLE_SUBJECTS.length * TITLE_TAILS.length
/** Coprime with TITLE_COMBINATIONS, so consecutive articles get unrelated (and, up to 12,000, unique) titles. */
const TITLE_STRIDE = 7919

/** The title of article `index`: opener, subject and tail, all combinations distinct. */
export const articleTitle = (index: number): string => {
  const combination = (index * TITLE_STRIDE) % TITLE_COMBINATIONS
  const opener = TITLE_OPENERS[combination % TITLE_OPENERS.length]!
  const subject = TITLE_SUBJECTS[Math.floor(combination / TITLE_OPENERS.length) % TITLE_SUBJECTS.length]!
  const tail = TITLE_TAILS[Math.floor(combination / (TITLE_OPENERS.length * TITLE_SUBJECTS.length))]!
  return [opener, subject, tail].filter(Boolean).join(' ')
}

const sentence = (random: Random): string => {
  const words = [
    random.chance(0.3) ? random.pick(CONNECTORS) : 'The',
    random.pick(ADJECTIVES),
    random.pick(NOUNS),
    random.pick(VERBS),
    random.chance(0.5) ? 'every' : 'the',
    random.pick(NOUNS),
  ]
  if (random.chance(0.25)) words.push(`**${random.pick(ADJECTIVES)}**`)
  if (random.chance(0.2)) words.push(`with \`${random.pick(NOUNS)}.${random.pick(['get', 'set', 'clear', 'run'])}()\``)
  if (random.chance(0.15)) words.push(`(see [the ${random.pick(NOUNS)} notes](https://example.com/${random.pick(NOUNS)}))`)
  if (random.chance(0.2)) words.push(`when the ${random.pick(NOUNS)} is _${random.pick(ADJECTIVES)}_`)
  const text = words.join(' ')
  return `${text[0]!.toUpperCase()}${text.slice(1)}.`
}

const paragraph = (random: Random): string => Array.from({ length: random.int(3, 6) }, () => sentence(random)).join(' ')

const list = (random: Random, ordered: boolean): string =>
  Array.from({ length: random.int(3, 6) }, (_, index) => `${ordered ? `${index + 1}.` : '-'} ${sentence(random)}`).join('\n')

const codeBlock = (random: Random): string => {
  const [language, code] = random.pick(CODE_SAMPLES)
  return `\`\`\`${language}\n${code}\n\`\`\``
}

const table = (random: Random): string => {
  const rows = Array.from({ length: random.int(2, 5) }, () => `| ${random.pick(NOUNS)} | ${random.int(1, 999)} ms | ${random.pick(ADJECTIVES)} |`)
  return ['| Part | Time | Note |', '| --- | --- | --- |', ...rows].join('\n')
}

const BLOCKS: ReadonlyArray<(random: Random, index: number) => string> = [
  paragraph,
  paragraph,
  paragraph,
  (random) => list(random, false),
  (random) => list(random, true),
  codeBlock,
  (random) => `> ${sentence(random)} ${sentence(random)}`,
  table,
  (random, index) => `![${random.pick(ADJECTIVES)} ${random.pick(NOUNS)}](https://images.example.com/articles/${index}/${random.int(1, 9)}.png)`,
]

const MIN_ARTICLE_BYTES = 2000
const MAX_ARTICLE_BYTES = 5000

/** Markdown of 2 to 5 KB: headed sections of paragraphs, lists, code, quotes, tables and images, mixed per article. */
export const articleMarkdown = (random: Random, index: number, title: string): string => {
  const target = random.int(MIN_ARTICLE_BYTES, MAX_ARTICLE_BYTES)
  const parts = [paragraph(random)]
  let length = parts[0]!.length
  while (length < target) {
    const block = random.chance(0.3) ? `## ${random.pick(ADJECTIVES)} ${random.pick(NOUNS)}s in ${title.toLowerCase()}` : random.pick(BLOCKS)(random, index)
    if (length >= MIN_ARTICLE_BYTES && length + block.length + 2 > MAX_ARTICLE_BYTES) break
    parts.push(block)
    length += block.length + 2
  }
  return `${parts.join('\n\n')}\n`
}

export type ArticleData = {
  title: string
  content: string
  excerpt?: string
  coverImage?: string
  categoryIndex: number
  featured: boolean
  viewCount: number
  likeCount: number
  createdAt: string
}

const DAY_MS = 24 * 60 * 60 * 1000
/** Articles are spread over the years before this fixed moment, newest last, so every run sorts the same. */
const SITE_EPOCH = Date.parse('2026-01-01T00:00:00.000Z')

export const article = (index: number, total: number, categories: number): ArticleData => {
  const random = createRandom(1_000_003 + index)
  const title = articleTitle(index)
  return {
    title,
    content: articleMarkdown(random, index, title),
    excerpt: random.chance(0.3) ? `${paragraph(random).slice(0, 140)}` : undefined,
    coverImage: random.chance(0.7) ? `https://images.example.com/covers/${index}.jpg` : undefined,
    categoryIndex: random.int(0, categories - 1),
    featured: random.chance(0.05),
    viewCount: random.int(0, 5000),
    likeCount: random.int(0, 200),
    createdAt: new Date(SITE_EPOCH - (total - index) * (DAY_MS / 8) - random.int(0, 60_000)).toISOString(),
  }
}

export type ProjectData = {
  title: string
  description: string
  content: string
  techStack: string[]
  categoryIndex: number
  featured: boolean
  order: number
  viewCount: number
  likeCount: number
  coverImage?: string
}

export const project = (index: number, categories: number): ProjectData => {
  const random = createRandom(2_000_003 + index)
  const techStack = random.sample(TECHNOLOGIES, random.int(2, 6))
  const title = `${random.pick(ADJECTIVES)} ${random.pick(NOUNS)} ${index + 1}`.replace(/^./, (letter) => letter.toUpperCase())
  const description = `${sentence(random)} Built with ${techStack.slice(0, 2).join(' and ')}.`
  return {
    title,
    description,
    content: `## What it does\n\n${paragraph(random)}\n\n## Built with\n\n${techStack.map((tag) => `- ${tag}`).join('\n')}\n`,
    techStack,
    categoryIndex: random.int(0, categories - 1),
    featured: random.chance(0.1),
    order: random.int(0, 100),
    viewCount: random.int(0, 3000),
    likeCount: random.int(0, 300),
    coverImage: random.chance(0.8) ? `https://images.example.com/projects/${index}.png` : undefined,
  }
}

export const resource = (index: number) => {
  const random = createRandom(3_000_003 + index)
  const title = `${random.pick(ADJECTIVES)} ${random.pick(NOUNS)} kit ${index + 1}`.replace(/^./, (letter) => letter.toUpperCase())
  return {
    title,
    description: sentence(random),
    fileUrl: `https://files.example.com/resources/${index + 1}.zip`,
    fileSize: `${random.int(10, 9000)} KB`,
    downloadCount: random.int(0, 1000),
    status: random.chance(0.05) ? ('inactive' as const) : ('active' as const),
  }
}

const SKILL_GROUPS = ['frontend', 'backend', 'tool', 'other'] as const

export const skill = (index: number) => {
  const random = createRandom(4_000_003 + index)
  const name = SKILL_NAMES[index % SKILL_NAMES.length]!
  return {
    name,
    category: SKILL_GROUPS[Math.min(3, Math.floor((index / SKILL_NAMES.length) * 4))]!,
    level: random.int(30, 100),
    order: index,
    description: random.chance(0.5) ? sentence(random) : undefined,
    icon: random.chance(0.5) ? `https://images.example.com/icons/${index}.svg` : undefined,
  }
}

export const carousel = (index: number) => ({
  title: `Slide ${index + 1}`,
  imageUrl: `https://images.example.com/slides/${index + 1}.jpg`,
  linkUrl: `/articles?page=${index + 1}`,
  order: index,
  status: index % 4 === 3 ? ('inactive' as const) : ('active' as const),
})

export const wallMessage = (index: number) => {
  const random = createRandom(5_000_003 + index)
  const nickname = random.pick(NICKNAMES)
  return {
    nickname,
    content: Array.from({ length: random.int(1, 3) }, () => sentence(random)).join(' ').slice(0, 480),
    email: random.chance(0.5) ? `visitor${index}@example.com` : undefined,
    website: random.chance(0.2) ? `https://visitor${index}.example.com` : undefined,
  }
}
