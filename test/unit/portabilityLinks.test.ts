import { describe, expect, it } from 'vitest'

import { ghostMarkdown } from '../../lib/portability/ghostContent'
import { imageLinks, isExternalUrl, rewriteImageLinks } from '../../lib/portability/imageLinks'

describe('rewriteImageLinks', () => {
  const upper = (url: string) => (url.startsWith('/') || !isExternalUrl(url) ? `/media/${url.replace(/^.*\//, '').toUpperCase()}` : undefined)

  it('rewrites Markdown images, HTML images and image reference definitions, keeping titles', () => {
    const markdown = '![a](/img/a.png "Title") <img alt="b" src=\'b.png\'>\n\n[logo]: /img/logo.svg\n[page]: /about/\n![c](<my pic.png>)\n'
    expect(rewriteImageLinks(markdown, upper)).toBe(
      '![a](/media/A.PNG "Title") <img alt="b" src=\'/media/B.PNG\'>\n\n[logo]: /media/LOGO.SVG\n[page]: /about/\n![c](/media/MY PIC.PNG)\n'.replace(
        '/media/MY PIC.PNG',
        '</media/MY PIC.PNG>',
      ),
    )
  })

  it('leaves code blocks, inline code and external images alone', () => {
    const markdown = '```md\n![x](/x.png)\n```\n\n~~~\n![y](/y.png)\n~~~\n\n`![z](/z.png)` ![remote](https://example.com/r.png) ![w](/w.png)\n'
    expect(imageLinks(markdown)).toEqual(['https://example.com/r.png', '/w.png'])
    expect(rewriteImageLinks(markdown, upper)).toBe(markdown.replace('![w](/w.png)', '![w](/media/W.PNG)'))
  })

  it('tells external URLs from local paths', () => {
    expect(['https://a.b/c.png', '//cdn/x.png', 'data:image/png;base64,xx', '#top'].map(isExternalUrl)).toEqual([true, true, true, true])
    expect(['/a.png', 'b.png', '../c.png'].map(isExternalUrl)).toEqual([false, false, false])
  })
})

describe('ghostMarkdown', () => {
  it('takes the Markdown of a post made only of Markdown cards, as written', () => {
    const mobiledoc = JSON.stringify({ cards: [['markdown', { markdown: '# Hi\n\n**bold**' }]], sections: [[10, 0]] })
    expect(ghostMarkdown({ mobiledoc, html: '<p>ignored</p>' })).toBe('# Hi\n\n**bold**\n')
    const lexical = JSON.stringify({ root: { children: [{ type: 'markdown', markdown: 'one' }, { type: 'markdown', markdown: 'two' }] } })
    expect(ghostMarkdown({ lexical })).toBe('one\n\ntwo\n')
  })

  it('converts the HTML otherwise, keeping code languages', () => {
    const html = '<h2>Code</h2><pre><code class="language-ts">const a = 1\n</code></pre><p>An <a href="https://x.y">link</a> and <img src="/content/images/a.png" alt="A"></p>'
    expect(ghostMarkdown({ mobiledoc: JSON.stringify({ cards: [], sections: [[1, 'p', []]] }), html })).toBe(
      '## Code\n\n```ts\nconst a = 1\n```\n\nAn [link](https://x.y) and ![A](/content/images/a.png)\n',
    )
    expect(ghostMarkdown({ html: '', plaintext: 'Just text' })).toBe('Just text\n')
    expect(ghostMarkdown({})).toBeUndefined()
  })
})
