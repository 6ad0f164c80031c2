import * as migration_20261121_215855_initial from './20261121_215855_initial';
import * as migration_20261121_225112_wall_email_hash from './20261121_225112_wall_email_hash';

export const migrations = [
  {
    up: migration_20261121_215855_initial.up,
    down: migration_20261121_215855_initial.down,
    name: '20261121_215855_initial',
  },
  {
    up: migration_20261121_225112_wall_email_hash.up,
    down: migration_20261121_225112_wall_email_hash.down,
    name: '20261121_225112_wall_email_hash'
  },
];
