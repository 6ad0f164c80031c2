/* global module */
// A bundler loader (Turbopack and webpack) for the admin UI build: @payloadcms/ui bundles its own copy of
// @monaco-editor/loader, whose default `vs` path is a CDN and which no `loader.config` of ours can reach. This puts
// the service's own path in its place. Options: `pattern` (a regular expression's source) and `vsPath`.
module.exports = function rewriteMonacoCdn(source) {
  const { pattern, vsPath } = this.getOptions()
  return source.replace(new RegExp(pattern, 'g'), vsPath)
}
