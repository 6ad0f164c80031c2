import { composeConfig } from './composeConfig'
import { readEnv } from './lib/env'

export default composeConfig(readEnv(process.env))
