import { sqliteAdapter } from '@payloadcms/db-sqlite'
import { editorConfigFactory, type SanitizedServerEditorConfig } from '@payloadcms/richtext-lexical'
import { buildConfig, type RichTextField } from 'payload'

import { CONTENT_FIELDS } from '../../fields/markdownContent'
import { blogPortfolio } from '../../index'

/**
 * The editor config of the articles' rich-text field, exactly as the service builds it (the plugin on a bare config;
 * building a config never connects to the database).
 */
export const articleEditorConfig = async (): Promise<SanitizedServerEditorConfig> => {
  const config = await buildConfig({
    db: sqliteAdapter({ client: { url: 'file::memory:' } }),
    plugins: [blogPortfolio()],
    secret: 'test',
    telemetry: false,
  })
  const articles = config.collections.find((collection) => collection.slug === 'articles')
  const field = articles?.fields.find((candidate) => 'name' in candidate && candidate.name === CONTENT_FIELDS.richText)
  return editorConfigFactory.fromField({ field: field as RichTextField })
}
