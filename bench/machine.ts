import fs from 'node:fs'
import os from 'node:os'

export type Machine = {
  cores: number
  cpu: string
  memoryGb: number
  node: string
  platform: string
  /** 1-minute load average when the run started and ended: above the core count, other work shared the CPU. */
  loadAverage: { start: number; end?: number }
}

const cpuModel = (): string => {
  try {
    return /^model name\s*:\s*(.+)$/m.exec(fs.readFileSync('/proc/cpuinfo', 'utf8'))?.[1]?.trim() ?? os.cpus()[0]?.model ?? 'unknown'
  } catch {
    return os.cpus()[0]?.model ?? 'unknown'
  }
}

export const describeMachine = (): Machine => ({
  cores: os.availableParallelism(),
  cpu: cpuModel(),
  memoryGb: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
  node: process.version,
  platform: `${os.type()} ${os.release()}`,
  loadAverage: { start: Math.round(os.loadavg()[0]! * 100) / 100 },
})

export const formatMachine = (machine: Machine): string =>
  `${machine.cores} cores (${machine.cpu}), ${machine.memoryGb} GB RAM, Node ${machine.node}, ${machine.platform}; ` +
  `load average ${machine.loadAverage.start}${machine.loadAverage.end === undefined ? '' : ` → ${machine.loadAverage.end}`}`
