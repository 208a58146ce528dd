import { describe, expect, it } from 'vitest';
import { richTextBlocks } from './rich-text.js';

describe('richTextBlocks (the 竞赛规程 as printed text)', () => {
  it('keeps headings, paragraphs and numbered / bulleted items in order, inline marks as plain text', () => {
    const html =
      '<h2>一、参加办法</h2><p>每队限报 <strong>2</strong> 人，<a href="https://x.org">详见附件</a>。</p>' +
      '<ol><li>领队 1 人</li><li>教练员<ul><li>主教练</li></ul></li></ol><ul><li>注意</li></ul>';
    expect(richTextBlocks(html)).toEqual([
      { kind: 'heading', level: 2, text: '一、参加办法' },
      { kind: 'paragraph', text: '每队限报 2 人，详见附件。' },
      { kind: 'item', marker: '1.', depth: 0, text: '领队 1 人' },
      { kind: 'item', marker: '2.', depth: 0, text: '教练员' },
      { kind: 'item', marker: '•', depth: 1, text: '主教练' },
      { kind: 'item', marker: '•', depth: 0, text: '注意' },
    ]);
  });

  it('breaks lines at <br>, prints table rows as their cells, pictures as their description, drops empty blocks', () => {
    const html =
      '<div>first<br>second</div><p> </p><table><tr><th>项目</th><th>人数</th></tr><tr><td>100米</td><td>2</td></tr></table>' +
      '<p><img src="https://x.org/a.png" alt="场地图"></p>loose text';
    expect(richTextBlocks(html)).toEqual([
      { kind: 'paragraph', text: 'first\nsecond' },
      { kind: 'paragraph', text: '项目\u3000人数' },
      { kind: 'paragraph', text: '100米\u30002' },
      { kind: 'paragraph', text: '[场地图]' },
      { kind: 'paragraph', text: 'loose text' },
    ]);
  });

  it('has nothing to print for an empty or whitespace-only text', () => {
    expect(richTextBlocks('')).toEqual([]);
    expect(richTextBlocks('<p>  </p><ul></ul>')).toEqual([]);
  });
});
