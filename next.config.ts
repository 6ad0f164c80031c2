import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { withPayload } from '@payloadcms/next/withPayload'
import type { NextConfig } from 'next'

import { MONACO_CDN_VS, monacoVersion, monacoVsPath } from './lib/monaco/selfHostedMonaco.mjs'

const dirname = path.dirname(fileURLToPath(import.meta.url))

/** Payload's code editor loads Monaco from this service: lib/monaco/rewriteMonacoCdn.cjs rewrites its CDN address. */
const monacoLoader = { loader: path.resolve(dirname, 'lib/monaco/rewriteMonacoCdn.cjs'), options: { pattern: MONACO_CDN_VS.source, vsPath: monacoVsPath(monacoVersion(dirname)) } }

const nextConfig: NextConfig = {
  // The admin UI is the only Next app here; everything else is served by server.ts.
  poweredByHeader: false,
  // The admin UI shows images as they are; Next's optimizer (`/_next/image`) would only be a door for strangers to
  // make the process resize images.
  images: { unoptimized: true },
  // The admin UI compiles the plugin from its sources: the search thread's start from a build is folded away
  // (lib/search/searchThreadClient.ts); the thread itself only ever runs in server.ts's process.
  env: { BLOG_PORTFOLIO_BUILD: 'false' },
  turbopack: {
    root: path.resolve(dirname),
    rules: { '*.js': [{ condition: { all: ['foreign', { content: MONACO_CDN_VS }] }, loaders: [monacoLoader] }] },
  },
  typescript: { ignoreBuildErrors: true },
  webpack: (webpackConfig) => {
    webpackConfig.module.rules.push({ test: /\.js$/, include: /node_modules/, use: [monacoLoader] })
    webpackConfig.resolve.extensionAlias = {
      '.cjs': ['.cts', '.cjs'],
      '.js': ['.ts', '.tsx', '.js', '.jsx'],
      '.mjs': ['.mts', '.mjs'],
    }
    return webpackConfig
  },
}

export default withPayload(nextConfig, { devBundleServerPackages: false })
