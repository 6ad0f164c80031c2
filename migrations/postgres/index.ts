import * as migration_20261121_215855_initial from './20261121_215855_initial';

export const migrations = [
  {
    up: migration_20261121_215855_initial.up,
    down: migration_20261121_215855_initial.down,
    name: '20261121_215855_initial'
  },
];
