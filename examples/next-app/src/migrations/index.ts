import * as migration_20261127_205425_initial from './20261127_205425_initial';

export const migrations = [
  {
    up: migration_20261127_205425_initial.up,
    down: migration_20261127_205425_initial.down,
    name: '20261127_205425_initial'
  },
];
