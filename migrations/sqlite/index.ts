import * as migration_20261121_215849_initial from './20261121_215849_initial';
import * as migration_20261121_225107_wall_email_hash from './20261121_225107_wall_email_hash';
import * as migration_20261122_000243_content_rich_text from './20261122_000243_content_rich_text';
import * as migration_20261122_002251_editor_admin_ui from './20261122_002251_editor_admin_ui';
import * as migration_20261123_140305_drop_login_lockout_fields from './20261123_140305_drop_login_lockout_fields';
import * as migration_20261123_170557_reader_features from './20261123_170557_reader_features';
import * as migration_20261123_185515_scheduled_publishing from './20261123_185515_scheduled_publishing';
import * as migration_20261123_185634_old_addresses from './20261123_185634_old_addresses';
import * as migration_20261123_190124_revisions from './20261123_190124_revisions';
import * as migration_20261123_201154_webhooks from './20261123_201154_webhooks';
import * as migration_20261123_214200_import_sources from './20261123_214200_import_sources';
import * as migration_20261124_023535_daily_views from './20261124_023535_daily_views';
import * as migration_20261124_055803_counters_table from './20261124_055803_counters_table';
import * as migration_20261124_193908_hasmany_parent_index from './20261124_193908_hasmany_parent_index';
import * as migration_20261127_165442_ids_never_reused from './20261127_165442_ids_never_reused';
import * as migration_20261203_181132_published_listing_indexes from './20261203_181132_published_listing_indexes';
import * as migration_20261203_195044_feed_category_index from './20261203_195044_feed_category_index';
import * as migration_20261203_211410_long_columns_last from './20261203_211410_long_columns_last';

export const migrations = [
  {
    up: migration_20261121_215849_initial.up,
    down: migration_20261121_215849_initial.down,
    name: '20261121_215849_initial',
  },
  {
    up: migration_20261121_225107_wall_email_hash.up,
    down: migration_20261121_225107_wall_email_hash.down,
    name: '20261121_225107_wall_email_hash',
  },
  {
    up: migration_20261122_000243_content_rich_text.up,
    down: migration_20261122_000243_content_rich_text.down,
    name: '20261122_000243_content_rich_text',
  },
  {
    up: migration_20261122_002251_editor_admin_ui.up,
    down: migration_20261122_002251_editor_admin_ui.down,
    name: '20261122_002251_editor_admin_ui',
  },
  {
    up: migration_20261123_140305_drop_login_lockout_fields.up,
    down: migration_20261123_140305_drop_login_lockout_fields.down,
    name: '20261123_140305_drop_login_lockout_fields',
  },
  {
    up: migration_20261123_170557_reader_features.up,
    down: migration_20261123_170557_reader_features.down,
    name: '20261123_170557_reader_features',
  },
  {
    up: migration_20261123_185515_scheduled_publishing.up,
    down: migration_20261123_185515_scheduled_publishing.down,
    name: '20261123_185515_scheduled_publishing',
  },
  {
    up: migration_20261123_185634_old_addresses.up,
    down: migration_20261123_185634_old_addresses.down,
    name: '20261123_185634_old_addresses',
  },
  {
    up: migration_20261123_190124_revisions.up,
    down: migration_20261123_190124_revisions.down,
    name: '20261123_190124_revisions',
  },
  {
    up: migration_20261123_201154_webhooks.up,
    down: migration_20261123_201154_webhooks.down,
    name: '20261123_201154_webhooks',
  },
  {
    up: migration_20261123_214200_import_sources.up,
    down: migration_20261123_214200_import_sources.down,
    name: '20261123_214200_import_sources',
  },
  {
    up: migration_20261124_023535_daily_views.up,
    down: migration_20261124_023535_daily_views.down,
    name: '20261124_023535_daily_views',
  },
  {
    up: migration_20261124_055803_counters_table.up,
    down: migration_20261124_055803_counters_table.down,
    name: '20261124_055803_counters_table',
  },
  {
    up: migration_20261124_193908_hasmany_parent_index.up,
    down: migration_20261124_193908_hasmany_parent_index.down,
    name: '20261124_193908_hasmany_parent_index',
  },
  {
    up: migration_20261127_165442_ids_never_reused.up,
    down: migration_20261127_165442_ids_never_reused.down,
    name: '20261127_165442_ids_never_reused',
  },
  {
    up: migration_20261203_181132_published_listing_indexes.up,
    down: migration_20261203_181132_published_listing_indexes.down,
    name: '20261203_181132_published_listing_indexes',
  },
  {
    up: migration_20261203_195044_feed_category_index.up,
    down: migration_20261203_195044_feed_category_index.down,
    name: '20261203_195044_feed_category_index',
  },
  {
    up: migration_20261203_211410_long_columns_last.up,
    down: migration_20261203_211410_long_columns_last.down,
    name: '20261203_211410_long_columns_last',
  },
];
