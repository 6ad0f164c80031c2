import matter from 'gray-matter'
import { parse as parseToml } from 'smol-toml'
import YAML from 'yaml'

export type FrontMatter = { data: Record<string, unknown>; content: string }

const engines = {
  yaml: (text: string): object => {
    const value: unknown = YAML.parse(text)
    if (value === null || value === undefined) return {}
    if (typeof value !== 'object' || Array.isArray(value)) throw new Error('front matter is not a mapping of keys to values')
    return value
  },
  toml: (text: string): object => parseToml(text),
}

const firstLine = (message: string) => message.split('\n')[0]!.trim().replace(/:$/, '')

/**
 * Splits a Markdown file into its front matter and body: YAML between `---` lines or TOML between `+++` lines
 * (Hugo). YAML is read as YAML 1.2 (dates stay strings, duplicate keys are an error); TOML dates become Dates.
 * Throws an Error whose message says what is wrong with the front matter.
 */
export const readFrontMatter = (text: string): FrontMatter => {
  const toml = /^\uFEFF?\+\+\+\r?\n/.test(text)
  try {
    const parsed = matter(text.replace(/^\uFEFF/, ''), {
      engines,
      language: toml ? 'toml' : 'yaml',
      ...(toml ? { delimiters: '+++' } : {}),
    })
    return { data: parsed.data as Record<string, unknown>, content: parsed.content }
  } catch (error) {
    throw new Error(`broken front matter: ${firstLine(error instanceof Error ? error.message : String(error))}`, { cause: error })
  }
}

/** A Markdown file with YAML front matter, as `npm run export` writes it (and readFrontMatter reads it back). */
export const writeFrontMatter = (data: Record<string, unknown>, content: string): string => {
  const defined = Object.fromEntries(Object.entries(data).filter(([, value]) => value !== undefined && value !== null))
  return `---\n${YAML.stringify(defined, { lineWidth: 0 })}---\n${content}`
}
