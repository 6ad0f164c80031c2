import * as migration_20261121_215849_initial from './20261121_215849_initial';

export const migrations = [
  {
    up: migration_20261121_215849_initial.up,
    down: migration_20261121_215849_initial.down,
    name: '20261121_215849_initial'
  },
];
