import type { Payload } from 'payload'
import sharp from 'sharp'

/** Uploads a generated PNG (a colour gradient of the given size) to the media collection. */
export const uploadImage = async (payload: Payload, name: string, width = 1200, height = 800) => {
  const data = await sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } }).png().toBuffer()
  return payload.create({
    collection: 'media',
    data: { alt: `${name} image` },
    file: { data, mimetype: 'image/png', name: `${name}.png`, size: data.length },
    overrideAccess: true,
  })
}
