import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { CreateBucketCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import S3rver from 's3rver'

/** s3rver's built-in account. */
const ACCESS_KEY = 'S3RVER'

export type LocalS3 = {
  endpoint: string
  bucket: string
  /** The S3_* variables that point the service at this server's bucket. */
  env: Record<string, string>
  client: S3Client
  /** Keys in the bucket, sorted. */
  keys: () => Promise<string[]>
  /** An object's bytes. */
  read: (key: string) => Promise<Buffer>
  stop: () => Promise<void>
}

/**
 * Starts s3rver on 127.0.0.1 (random port, temp folder) and creates `bucket` through the AWS SDK. Stop it in afterAll.
 * Files share a process, and so storage-s3's clients: each server's port keeps them apart (s3MediaStorage.ts).
 */
export const startLocalS3 = async (bucket = 'media-test'): Promise<LocalS3> => {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'))
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true })
  const { port } = await server.run()
  const endpoint = `http://127.0.0.1:${port}`
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY },
  })
  await client.send(new CreateBucketCommand({ Bucket: bucket }))
  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    client,
    keys: async () => {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }))
      return (listed.Contents ?? []).map((object) => object.Key ?? '').sort()
    },
    read: async (key) => {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))
      return Buffer.from(await object.Body!.transformToByteArray())
    },
    stop: async () => {
      client.destroy()
      await server.close()
      fs.rmSync(directory, { recursive: true, force: true })
    },
  }
}
