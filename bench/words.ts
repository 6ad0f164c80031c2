// The vocabulary the benchmark's site is written in: a developer's blog and portfolio at scale.

export const ARTICLE_CATEGORIES = [
  'Engineering', 'Tutorials', 'Notes', 'Databases', 'Frontend', 'Backend', 'DevOps', 'Security', 'Performance', 'Testing',
  'Career', 'Open source', 'Tooling', 'Design', 'Accessibility', 'Mobile', 'Cloud', 'Data', 'Writing', 'Book reviews',
] as const

export const PROJECT_CATEGORIES = ['Web apps', 'Tools', 'Libraries', 'Games', 'Experiments', 'Client work'] as const

export const TITLE_OPENERS = [
  'A practical guide to', 'Notes on', 'What I learned from', 'Getting started with', 'Rethinking', 'The hidden cost of',
  'Debugging', 'Ten lessons from', 'A second look at', 'Why I stopped using', 'Shipping', 'Testing', 'Scaling',
  'Understanding', 'Migrating to', 'Profiling', 'Living with', 'A field guide to', 'Simplifying', 'Measuring',
  'Teaching', 'Refactoring', 'Caching', 'Securing', 'Documenting',
] as const

export const TITLE_SUBJECTS = [
  'HTTP caching', 'SQLite in production', 'Postgres indexes', 'React server components', 'TypeScript generics',
  'CSS grid', 'web workers', 'service workers', 'rate limiting', 'feature flags', 'database migrations',
  'Node streams', 'structured logging', 'background jobs', 'image pipelines', 'full-text search', 'WebSockets',
  'OAuth flows', 'monorepos', 'Docker images', 'CI pipelines', 'error budgets', 'API versioning', 'pagination',
  'Unicode slugs', 'date handling', 'Markdown rendering', 'static sites', 'edge functions', 'connection pools',
  'memory leaks', 'flaky tests', 'code review', 'accessibility audits', 'dark mode', 'form validation',
  'GraphQL schemas', 'queue workers', 'content modelling', 'reverse proxies',
] as const

export const TITLE_TAILS = [
  '', 'on a budget', 'for small teams', 'the boring way', 'in one afternoon', 'without a framework', 'at 3 a.m.',
  'from scratch', 'in 2026', 'for side projects', 'the hard way', 'step by step',
] as const

export const TECHNOLOGIES = [
  'TypeScript', 'JavaScript', 'React', 'Vue', 'Svelte', 'Angular', 'Next.js', 'Node', 'Deno', 'Bun', 'Express',
  'Fastify', 'PostgreSQL', 'SQLite', 'MySQL', 'MongoDB', 'Redis', 'GraphQL', 'REST', 'Docker', 'Kubernetes', 'Rust',
  'Go', 'Python', 'Django', 'Flask', 'Ruby', 'Rails', 'Elixir', 'Phoenix', 'Tailwind', 'Sass', 'WebGL', 'Three.js',
  'Leaflet', 'D3', 'Electron', 'Tauri', 'Swift', 'Kotlin',
] as const

export const SKILL_NAMES = [
  'TypeScript', 'JavaScript', 'React', 'Vue', 'Svelte', 'CSS', 'HTML', 'Accessibility', 'Webpack', 'Vite', 'Next.js',
  'Tailwind', 'Animation', 'Canvas', 'WebGL', 'Node.js', 'PostgreSQL', 'SQLite', 'Redis', 'REST API design',
  'GraphQL', 'Rust', 'Go', 'Python', 'Elixir', 'Message queues', 'Caching', 'Authentication', 'Search', 'Payments',
  'Git', 'Docker', 'Kubernetes', 'Terraform', 'GitHub Actions', 'Linux', 'Nginx', 'Figma', 'Playwright', 'Jest',
  'Technical writing', 'Mentoring', 'Public speaking', 'Product thinking', 'Estimation', 'Code review', 'Hiring',
  'Incident response', 'Documentation', 'Teaching',
] as const

export const NICKNAMES = [
  'Sam', 'Mina', 'Alex', 'Jo', 'Priya', 'Kenji', 'Lena', 'Omar', 'Zoé', 'Björn', 'Ana', 'Tom', 'Wei', 'Ade', 'Noor',
  'Marta', 'Ivan', 'Chloé', 'Ravi', 'Yuki', 'Felix', 'Ines', 'Kai', 'Sofia', '小明', 'Lukas', 'Emma', 'Diego',
] as const

export const NOUNS = [
  'cache', 'query', 'index', 'request', 'response', 'deploy', 'build', 'release', 'server', 'client', 'schema',
  'migration', 'test', 'benchmark', 'profile', 'queue', 'worker', 'session', 'token', 'header', 'payload', 'bundle',
  'component', 'route', 'handler', 'log', 'metric', 'trace', 'team', 'reader', 'editor', 'draft', 'user', 'budget',
] as const

export const VERBS = [
  'breaks', 'helps', 'slows down', 'speeds up', 'hides', 'reveals', 'changes', 'simplifies', 'complicates', 'survives',
  'replaces', 'outlives', 'needs', 'avoids', 'measures', 'explains',
] as const

export const ADJECTIVES = [
  'small', 'boring', 'reliable', 'fast', 'slow', 'hidden', 'obvious', 'expensive', 'cheap', 'surprising', 'stale',
  'fresh', 'shared', 'private', 'noisy', 'quiet', 'careful', 'lazy', 'eager', 'honest',
] as const

export const CONNECTORS = [
  'In practice,', 'It turns out that', 'Most of the time', 'On a good day', 'After a week of this,', 'Surprisingly,',
  'As always,', 'In my experience', 'The short answer is that', 'Looking back,',
] as const

export const CODE_SAMPLES: ReadonlyArray<readonly [string, string]> = [
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
