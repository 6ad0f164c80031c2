// The benchmark's site of any size, built from a fixed seed so every run writes the same records: the demo's
// categories and more, titles from three lists, prose from the small vocabulary below.
import { demoCategories, projectMarkdown } from '../scripts/demoContent'

export const ARTICLE_CATEGORIES = [
  ...demoCategories.article, 'Databases', 'Frontend', 'Backend', 'DevOps', 'Security', 'Performance', 'Testing', 'Career',
  'Open source', 'Tooling', 'Design', 'Accessibility', 'Mobile', 'Cloud', 'Data', 'Writing', 'Book reviews',
]
export const PROJECT_CATEGORIES = [...demoCategories.project, 'Libraries', 'Games', 'Experiments', 'Client work']

const TITLE_OPENERS = [
  'A practical guide to', 'Notes on', 'What I learned from', 'Getting started with', 'Rethinking', 'The hidden cost of', 'Debugging',
  'Ten lessons from', 'A second look at', 'Why I stopped using', 'Shipping', 'Testing', 'Scaling', 'Understanding', 'Migrating to',
  'Profiling', 'Living with', 'A field guide to', 'Simplifying', 'Measuring', 'Teaching', 'Refactoring', 'Caching', 'Securing',
  'Documenting',
]
const TITLE_SUBJECTS = [
  'HTTP caching', 'SQLite in production', 'Postgres indexes', 'React server components', 'TypeScript generics', 'CSS grid',
  'web workers', 'service workers', 'rate limiting', 'feature flags', 'database migrations', 'Node streams', 'structured logging',
  'background jobs', 'image pipelines', 'full-text search', 'WebSockets', 'OAuth flows', 'monorepos', 'Docker images',
  'CI pipelines', 'error budgets', 'API versioning', 'pagination', 'Unicode slugs', 'date handling', 'Markdown rendering',
  'static sites', 'edge functions', 'connection pools', 'memory leaks', 'flaky tests', 'code review', 'accessibility audits',
  'dark mode', 'form validation', 'GraphQL schemas', 'queue workers', 'content modelling', 'reverse proxies',
]
const TITLE_TAILS = [
  '', 'on a budget', 'for small teams', 'the boring way', 'in one afternoon', 'without a framework', 'at 3 a.m.', 'from scratch',
  'in 2026', 'for side projects', 'the hard way', 'step by step',
]
const TECHNOLOGIES = [
  'TypeScript', 'JavaScript', 'React', 'Vue', 'Svelte', 'Angular', 'Next.js', 'Node', 'Deno', 'Bun', 'Express', 'Fastify',
  'PostgreSQL', 'SQLite', 'MySQL', 'MongoDB', 'Redis', 'GraphQL', 'REST', 'Docker', 'Kubernetes', 'Rust', 'Go', 'Python',
  'Django', 'Flask', 'Ruby', 'Rails', 'Elixir', 'Phoenix', 'Tailwind', 'Sass', 'WebGL', 'Three.js', 'Leaflet', 'D3', 'Electron',
  'Tauri', 'Swift', 'Kotlin',
]
const SKILL_NAMES = [
  'TypeScript', 'JavaScript', 'React', 'Vue', 'Svelte', 'CSS', 'HTML', 'Accessibility', 'Webpack', 'Vite', 'Next.js', 'Tailwind',
  'Animation', 'Canvas', 'WebGL', 'Node.js', 'PostgreSQL', 'SQLite', 'Redis', 'REST API design', 'GraphQL', 'Rust', 'Go',
  'Python', 'Elixir', 'Message queues', 'Caching', 'Authentication', 'Search', 'Payments', 'Git', 'Docker', 'Kubernetes',
  'Terraform', 'GitHub Actions', 'Linux', 'Nginx', 'Figma', 'Playwright', 'Jest', 'Technical writing', 'Mentoring',
  'Public speaking', 'Product thinking', 'Estimation', 'Code review', 'Hiring', 'Incident response', 'Documentation', 'Teaching',
]
const NICKNAMES = [
  'Sam', 'Mina', 'Alex', 'Jo', 'Priya', 'Kenji', 'Lena', 'Omar', 'Zoé', 'Björn', 'Ana', 'Tom', 'Wei', 'Ade', 'Noor', 'Marta',
  'Ivan', 'Chloé', 'Ravi', 'Yuki', 'Felix', 'Ines', 'Kai', 'Sofia', '小明', 'Lukas', 'Emma', 'Diego',
]
const NOUNS = [
  'cache', 'query', 'index', 'request', 'response', 'deploy', 'build', 'release', 'server', 'client', 'schema', 'migration',
  'test', 'benchmark', 'profile', 'queue', 'worker', 'session', 'token', 'header', 'payload', 'bundle', 'component', 'route',
  'handler', 'log', 'metric', 'trace', 'team', 'reader', 'editor', 'draft', 'user', 'budget',
]
const VERBS = [
  'breaks', 'helps', 'slows down', 'speeds up', 'hides', 'reveals', 'changes', 'simplifies', 'complicates', 'survives',
  'replaces', 'outlives', 'needs', 'avoids', 'measures', 'explains',
]
const ADJECTIVES = [
  'small', 'boring', 'reliable', 'fast', 'slow', 'hidden', 'obvious', 'expensive', 'cheap', 'surprising', 'stale', 'fresh',
  'shared', 'private', 'noisy', 'quiet', 'careful', 'lazy', 'eager', 'honest',
]
const CONNECTORS = [
  'In practice,', 'It turns out that', 'Most of the time', 'On a good day', 'After a week of this,', 'Surprisingly,', 'As always,',
  'In my experience', 'The short answer is that', 'Looking back,',
]
const CODE_SAMPLES: [string, string][] = [
  ['ts', "const posts = await fetch('/api/articles?limit=4').then((response) => response.json())\nconsole.log(posts.data.length)"],
  ['ts', 'export const sum = (values: number[]): number =>\n  values.reduce((total, value) => total + value, 0)'],
  ['js', "app.get('/health', (req, res) => {\n  res.json({ status: 'ok' })\n})"],
  ['sql', 'UPDATE articles\nSET view_count = view_count + 1\nWHERE id = $1\nRETURNING view_count;'],
  ['sql', 'CREATE INDEX articles_status_created_at_idx\n  ON articles (status, created_at DESC);'],
  ['sh', 'initdb -D "$tmp" -U postgres --auth=trust\npg_ctl -D "$tmp" -o "-p 54329" start'],
  ['bash', 'for file in *.md; do\n  wc -c "$file"\ndone | sort -n | tail -5'],
  ['json', '{\n  "name": "blog",\n  "private": true,\n  "scripts": { "start": "node server.js" }\n}'],
  ['css', '.card {\n  display: grid;\n  gap: 1rem;\n  grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr));\n}'],
  ['python', 'def chunks(items, size):\n    for start in range(0, len(items), size):\n        yield items[start:start + size]'],
  ['go', 'func handler(w http.ResponseWriter, r *http.Request) {\n\tw.Header().Set("Cache-Control", "no-cache")\n\tfmt.Fprintln(w, "ok")\n}'],
  ['rust', 'fn main() {\n    let total: u64 = (1..=10).sum();\n    println!("{total}");\n}'],
  ['yaml', 'services:\n  db:\n    image: postgres:16\n    ports:\n      - "5432:5432"'],
  ['http', 'GET /api/home HTTP/1.1\nIf-None-Match: W/"1a2b-3c4d"'],
  ['diff', '- const limit = 100\n+ const limit = Math.min(requested, 20)'],
]

/** A small seeded generator (mulberry32): the same seed gives the same records on every run. */
const createRandom = (seed: number) => {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!
  /** `count` distinct items, in a random order. */
  const sample = <T>(items: readonly T[], count: number): T[] => {
    const pool = [...items]
    for (let index = pool.length - 1; index > 0; index--) {
      const other = Math.floor(next() * (index + 1))
      ;[pool[index], pool[other]] = [pool[other]!, pool[index]!]
    }
    return pool.slice(0, count)
  }
  /** A whole number from `min` to `max`, both included. */
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  return { int, pick, sample, chance: (probability: number) => next() < probability }
}
type Random = ReturnType<typeof createRandom>

const capitalised = (text: string) => text.replace(/^./, (letter) => letter.toUpperCase())

const TITLE_COMBINATIONS = TITLE_OPENERS.length * TITLE_SUBJECTS.length * TITLE_TAILS.length
/** Coprime with TITLE_COMBINATIONS, so consecutive articles get unrelated (and, up to 12,000, unique) titles. */
const TITLE_STRIDE = 7919

/** The title of article `index`: opener, subject and tail, all combinations distinct. */
const articleTitle = (index: number): string => {
  const combination = (index * TITLE_STRIDE) % TITLE_COMBINATIONS
  const opener = TITLE_OPENERS[combination % TITLE_OPENERS.length]!
  const subject = TITLE_SUBJECTS[Math.floor(combination / TITLE_OPENERS.length) % TITLE_SUBJECTS.length]!
  const tail = TITLE_TAILS[Math.floor(combination / (TITLE_OPENERS.length * TITLE_SUBJECTS.length))]!
  return [opener, subject, tail].filter(Boolean).join(' ')
}

/** A sentence with, now and then, bold, italics, inline code or a link. */
const sentence = (random: Random): string => {
  const { chance, pick } = random
  const words = [chance(0.3) ? pick(CONNECTORS) : 'The', pick(ADJECTIVES), pick(NOUNS), pick(VERBS), chance(0.5) ? 'every' : 'the', pick(NOUNS)]
  if (chance(0.25)) words.push(`**${pick(ADJECTIVES)}**`)
  if (chance(0.2)) words.push(`with \`${pick(NOUNS)}.${pick(['get', 'set', 'clear', 'run'])}()\``)
  if (chance(0.15)) words.push(`(see [the ${pick(NOUNS)} notes](https://example.com/${pick(NOUNS)}))`)
  if (chance(0.2)) words.push(`when the ${pick(NOUNS)} is _${pick(ADJECTIVES)}_`)
  const text = words.join(' ')
  return `${text[0]!.toUpperCase()}${text.slice(1)}.`
}

const paragraph = (random: Random) => Array.from({ length: random.int(3, 6) }, () => sentence(random)).join(' ')

const list = (random: Random, ordered: boolean) =>
  Array.from({ length: random.int(3, 6) }, (_, index) => `${ordered ? `${index + 1}.` : '-'} ${sentence(random)}`).join('\n')

const BLOCKS: ((random: Random, index: number) => string)[] = [
  paragraph,
  paragraph,
  paragraph,
  (random) => list(random, false),
  (random) => list(random, true),
  (random) => {
    const [language, code] = random.pick(CODE_SAMPLES)
    return `\`\`\`${language}\n${code}\n\`\`\``
  },
  (random) => `> ${sentence(random)} ${sentence(random)}`,
  ({ int, pick }) => {
    const rows = Array.from({ length: int(2, 5) }, () => `| ${pick(NOUNS)} | ${int(1, 999)} ms | ${pick(ADJECTIVES)} |`)
    return ['| Part | Time | Note |', '| --- | --- | --- |', ...rows].join('\n')
  },
  ({ int, pick }, index) => `![${pick(ADJECTIVES)} ${pick(NOUNS)}](https://images.example.com/articles/${index}/${int(1, 9)}.png)`,
]

const MIN_ARTICLE_BYTES = 2000
const MAX_ARTICLE_BYTES = 5000

/** Markdown of 2 to 5 KB: headed sections of paragraphs, lists, code, quotes, tables and images, mixed per article. */
const generatedMarkdown = (random: Random, index: number, title: string): string => {
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

const DAY_MS = 24 * 60 * 60 * 1000
/** Articles are spread over the years before this fixed moment, newest last, so every run sorts the same. */
const SITE_EPOCH = Date.parse('2026-01-01T00:00:00.000Z')

/** Article `index` of `total`; `categoryIndex` is one of `categories` article categories. */
export const generateArticle = (index: number, total: number, categories: number) => {
  const random = createRandom(1_000_003 + index)
  const title = articleTitle(index)
  return {
    title,
    content: generatedMarkdown(random, index, title),
    excerpt: random.chance(0.3) ? `${paragraph(random).slice(0, 140)}` : undefined,
    coverImage: random.chance(0.7) ? `https://images.example.com/covers/${index}.jpg` : undefined,
    categoryIndex: random.int(0, categories - 1),
    featured: random.chance(0.05),
    viewCount: random.int(0, 5000),
    likeCount: random.int(0, 200),
    createdAt: new Date(SITE_EPOCH - (total - index) * (DAY_MS / 8) - random.int(0, 60_000)).toISOString(),
  }
}

export const generateProject = (index: number, categories: number) => {
  const random = createRandom(2_000_003 + index)
  const techStack = random.sample(TECHNOLOGIES, random.int(2, 6))
  const title = capitalised(`${random.pick(ADJECTIVES)} ${random.pick(NOUNS)} ${index + 1}`)
  const description = `${sentence(random)} Built with ${techStack.slice(0, 2).join(' and ')}.`
  return {
    title,
    description,
    content: projectMarkdown(paragraph(random), techStack),
    techStack,
    categoryIndex: random.int(0, categories - 1),
    featured: random.chance(0.1),
    order: random.int(0, 100),
    viewCount: random.int(0, 3000),
    likeCount: random.int(0, 300),
    coverImage: random.chance(0.8) ? `https://images.example.com/projects/${index}.png` : undefined,
  }
}

export const generateResource = (index: number) => {
  const random = createRandom(3_000_003 + index)
  return {
    title: capitalised(`${random.pick(ADJECTIVES)} ${random.pick(NOUNS)} kit ${index + 1}`),
    description: sentence(random),
    fileUrl: `https://files.example.com/resources/${index + 1}.zip`,
    fileSize: `${random.int(10, 9000)} KB`,
    downloadCount: random.int(0, 1000),
    status: random.chance(0.05) ? ('inactive' as const) : ('active' as const),
  }
}

const SKILL_GROUPS = ['frontend', 'backend', 'tool', 'other'] as const

export const generateSkill = (index: number) => {
  const random = createRandom(4_000_003 + index)
  return {
    name: SKILL_NAMES[index % SKILL_NAMES.length]!,
    category: SKILL_GROUPS[Math.min(3, Math.floor((index / SKILL_NAMES.length) * 4))]!,
    level: random.int(30, 100),
    order: index,
    description: random.chance(0.5) ? sentence(random) : undefined,
    icon: random.chance(0.5) ? `https://images.example.com/icons/${index}.svg` : undefined,
  }
}

export const generateCarousel = (index: number) => ({
  title: `Slide ${index + 1}`,
  imageUrl: `https://images.example.com/slides/${index + 1}.jpg`,
  linkUrl: `/articles?page=${index + 1}`,
  order: index,
  status: index % 4 === 3 ? ('inactive' as const) : ('active' as const),
})

export const generateWallMessage = (index: number) => {
  const random = createRandom(5_000_003 + index)
  return {
    nickname: random.pick(NICKNAMES),
    content: Array.from({ length: random.int(1, 3) }, () => sentence(random)).join(' ').slice(0, 480),
    email: random.chance(0.5) ? `visitor${index}@example.com` : undefined,
    website: random.chance(0.2) ? `https://visitor${index}.example.com` : undefined,
  }
}
