// The content of a developer's blog and portfolio, kept apart from the seeding code so it reads as content: the
// hand-written demo site of `npm run seed:demo` (the benchmark's generated site builds on it: bench/generatedSite.ts).

export const demoCategories = {
  article: ['Engineering', 'Tutorials', 'Notes'],
  project: ['Web apps', 'Tools'],
} as const

type DemoArticle = { title: string; category: (typeof demoCategories.article)[number]; featured?: boolean; topic: string; code: [string, string] }

export const demoArticles: DemoArticle[] = [
  { title: 'Why I moved my blog to a headless CMS', category: 'Engineering', featured: true, topic: 'owning my content while keeping a pleasant editor', code: ['ts', "const posts = await fetch('/api/articles?limit=4').then((r) => r.json())"] },
  { title: 'Type-safe environment variables with zod', category: 'Tutorials', featured: true, topic: 'failing fast on a typo in PORT instead of at 3 a.m.', code: ['ts', "const env = z.object({ PORT: z.coerce.number().int() }).parse(process.env)"] },
  { title: 'Counting page views without losing any', category: 'Engineering', topic: 'atomic increments instead of read-modify-write', code: ['sql', 'UPDATE articles SET view_count = view_count + 1 WHERE id = $1 RETURNING view_count;'] },
  { title: 'A tiny guide to HTTP caching', category: 'Tutorials', topic: 'ETags, 304s and Cache-Control for a personal site', code: ['http', 'GET /api/home HTTP/1.1\nIf-None-Match: W/"1a2b-3c4d"'] },
  { title: '你好世界：用 TypeScript 写博客', category: 'Notes', topic: 'writing in two languages and transliterated slugs', code: ['ts', "slugify('你好世界') // 'ni-hao-shi-jie'"] },
  { title: 'Postgres on a laptop, the throwaway way', category: 'Tutorials', topic: 'initdb into a temp folder for every test run', code: ['sh', 'initdb -D "$tmp" -U postgres --auth=trust && pg_ctl -D "$tmp" -o "-p 54329" start'] },
  { title: 'Notes from rewriting my portfolio', category: 'Notes', topic: 'what I kept, what I dropped, and why', code: ['css', '.card { display: grid; gap: 1rem; grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr)); }'] },
  { title: 'Graceful shutdown in Node, step by step', category: 'Engineering', topic: 'finishing in-flight requests before closing the database', code: ['ts', "process.on('SIGTERM', () => server.close(() => db.close()))"] },
  { title: 'Markdown is still the best writing format', category: 'Notes', topic: 'portable text that outlives every editor', code: ['md', '# Title\n\nA paragraph with a [link](https://commonmark.org).'] },
  { title: 'Top 10 lessons from a year of side projects', category: 'Engineering', featured: true, topic: 'shipping small things often', code: ['js', 'const lessons = Array.from({ length: 10 }, (_, i) => `Lesson ${i + 1}`)'] },
  { title: 'Image thumbnails with sharp', category: 'Tutorials', topic: 'resizing uploads once instead of on every request', code: ['ts', "await sharp(input).resize({ width: 400 }).webp().toFile('thumb.webp')"] },
  { title: 'Rate limiting a guestbook', category: 'Engineering', topic: 'keeping spam off a public wall without captchas', code: ['ts', 'if (hits.get(ip) > 5) return res.status(429).set("Retry-After", "60").end()'] },
]

/**
 * An article's `total` views spread over `days` days, oldest first, summing to `total` exactly: most right after it
 * appeared, tailing off, a little busier on alternate days, as a new post's readership goes.
 */
export const demoDailyViews = (total: number, days: number): number[] => {
  const weights = Array.from({ length: days }, (_, day) => (1 + 3 / (1 + day / 2)) * (day % 2 === 0 ? 1.2 : 1))
  const sum = weights.reduce((a, b) => a + b, 0)
  const exact = weights.map((weight) => (total * weight) / sum)
  const views = exact.map(Math.floor)
  // The views left by rounding down go to the days that lost most (largest remainders).
  const left = total - views.reduce((a, b) => a + b, 0)
  const byRemainder = exact.map((value, day) => ({ day, remainder: value - Math.floor(value) })).sort((a, b) => b.remainder - a.remainder || a.day - b.day)
  for (const { day } of byRemainder.slice(0, left)) views[day]! += 1
  return views
}

export const articleMarkdown = (article: DemoArticle, imageUrl: string): string => `## The short version

This post is about ${article.topic}. It started as a note to myself and grew into something worth sharing.

![A diagram for this post](${imageUrl})

## How it works

1. Start from the problem you actually have.
2. Write the smallest thing that solves it.
3. Measure, then **decide** whether it needs more.

\`\`\`${article.code[0]}
${article.code[1]}
\`\`\`

> Simple things that work beat clever things that might.

## Further reading

- [MDN Web Docs](https://developer.mozilla.org/)
- [The Twelve-Factor App](https://12factor.net/)

Thanks for reading. Questions are welcome on the wall.
`

export const demoProjects = [
  { title: 'Bookshelf', category: 'Web apps', featured: true, techStack: ['React', 'TypeScript', 'PostgreSQL'], description: 'Track the books you read, with notes and yearly stats.' },
  { title: 'Pocket Budget', category: 'Web apps', featured: true, techStack: ['Vue', 'Node', 'SQLite'], description: 'A no-nonsense budget planner that works offline.' },
  { title: 'Trail Map', category: 'Web apps', featured: true, techStack: ['React', 'Leaflet', 'Node'], description: 'Hiking trails on a map, with elevation profiles.' },
  { title: 'md2site', category: 'Tools', techStack: ['Node', 'TypeScript', 'Markdown'], description: 'Turns a folder of Markdown files into a static site.' },
  { title: 'Shot Cleaner', category: 'Tools', featured: true, techStack: ['Rust', 'CLI'], description: 'Renames and compresses screenshots as they land.' },
  { title: 'Habit Grid', category: 'Web apps', techStack: ['Svelte', 'TypeScript', 'PostgreSQL'], description: 'A contribution-graph style habit tracker.' },
] as const

export const demoSkills = [
  ['TypeScript', 'frontend', 92],
  ['React', 'frontend', 90],
  ['CSS', 'frontend', 85],
  ['Vue', 'frontend', 70],
  ['Node.js', 'backend', 90],
  ['PostgreSQL', 'backend', 80],
  ['REST API design', 'backend', 85],
  ['Rust', 'backend', 55],
  ['Git', 'tool', 90],
  ['Docker', 'tool', 75],
  ['Figma', 'tool', 60],
  ['Technical writing', 'other', 80],
] as const

/** The Markdown of a project page, from its description and tech stack. */
export const projectMarkdown = (text: string, techStack: readonly string[]): string =>
  `## What it does\n\n${text}\n\n## Built with\n\n${techStack.map((tag) => `- ${tag}`).join('\n')}\n`
