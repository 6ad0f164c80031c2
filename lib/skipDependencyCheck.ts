// @payloadcms/storage-s3 and plugin-cloud-storage are published up to 3.90.1; package.json's overrides run them on
// our payload 3.90.2 (`npm ls` shows one payload and one @payloadcms/ui). Payload's development-only check of
// matching versions would reject that from an unawaited promise, which ends the process: it is turned off until
// a 3.90.2 of both exists (then drop this module and the overrides). Production never runs the check.
// Imported for its effect by everything that initialises Payload: composeConfig.ts, and tests with configs of their own.
process.env.PAYLOAD_DISABLE_DEPENDENCY_CHECKER ??= 'true'

export {}
