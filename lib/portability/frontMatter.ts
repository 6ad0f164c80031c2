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

const isMapping = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** Where the JSON object a text starts with ends (after its closing brace), braces in strings aside; -1 if it does not. */
const jsonObjectEnd = (text: string): number => {
  let depth = 0
  let inString = false
  for (let index = 0; index < text.length; index++) {
    const character = text[index]
    if (inString) {
      if (character === '\\') index++
      else if (character === '"') inString = false
    } else if (character === '"') inString = true
    else if (character === '{') depth++
    else if (character === '}' && --depth === 0) return index + 1
  }
  return -1
}

/**
 * Hugo's JSON front matter: a JSON object at the very start of the file (found as Hugo's own reader finds it, by its
 * braces), the body after it. Undefined when the file does not start with one (`{%` and `{{` start Liquid tags).
 */
const jsonFrontMatter = (text: string): FrontMatter | undefined => {
  if (!/^\{\s*["}]/.test(text)) return undefined
  const end = jsonObjectEnd(text)
  if (end === -1) throw new Error('broken front matter: a JSON object that never closes')
  let data: unknown
  try {
    data = JSON.parse(text.slice(0, end))
  } catch (error) {
    throw new Error(`broken front matter: ${firstLine((error as Error).message)}`, { cause: error })
  }
  if (!isMapping(data)) throw new Error('broken front matter: not a mapping of keys to values')
  return { data, content: text.slice(end).replace(/^[ \t]*\r?\n/, '') }
}

/**
 * Splits a Markdown file into its front matter and body: YAML between `---` lines, TOML between `+++` lines or a
 * JSON object (both Hugo's). YAML is read as YAML 1.2 (dates stay strings, duplicate keys are an error); TOML dates
 * become Dates. Throws an Error whose message says what is wrong with the front matter.
 */
export const readFrontMatter = (text: string): FrontMatter => {
  const json = jsonFrontMatter(text.replace(/^\uFEFF/, ''))
  if (json) return json
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
