import * as migration_20261121_215849_initial from './20261121_215849_initial';
import * as migration_20261121_225107_wall_email_hash from './20261121_225107_wall_email_hash';

export const migrations = [
  {
    up: migration_20261121_215849_initial.up,
    down: migration_20261121_215849_initial.down,
    name: '20261121_215849_initial',
  },
  {
    up: migration_20261121_225107_wall_email_hash.up,
    down: migration_20261121_225107_wall_email_hash.down,
    name: '20261121_225107_wall_email_hash'
  },
];
