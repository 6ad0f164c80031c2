import { buildAdmin } from './adminBuild.mjs'

buildAdmin()
