import { describe, expect, it } from 'vitest';
import { IdeasReplyError, parseIdeasReply } from './parse-ideas';

const idea = (over: Record<string, unknown> = {}) => ({
  title: 'Behind the counter',
  description: 'A day with the team.',
  type: 'recommended',
  score: 84,
  ...over,
});

describe('parseIdeasReply', () => {
  it('reads the JSON asked for, bare, fenced or inside prose', () => {
    const json = JSON.stringify({ ideas: [idea()] });
    const expected = [
      {
        title: 'Behind the counter',
        description: 'A day with the team.',
        type: 'recommended',
        score: 84,
      },
    ];
    expect(parseIdeasReply(json)).toEqual(expected);
    expect(parseIdeasReply(`\`\`\`json\n${json}\n\`\`\``)).toEqual(expected);
    expect(parseIdeasReply(`Here are your ideas:\n${json}\nEnjoy!`)).toEqual(expected);
    expect(parseIdeasReply(JSON.stringify([idea()]))).toEqual(expected);
  });

  it('clamps scores, drops unknown types and incomplete ideas, and keeps a title once', () => {
    const ideas = parseIdeasReply(
      JSON.stringify({
        ideas: [
          idea({ title: 'Too good', score: 140 }),
          idea({ title: 'Too bad', score: -3, type: 'Trending' }),
          idea({ title: 'Half a point', score: '72.5', type: 'AI Generated' }),
          idea({ title: 'Viral dance', type: 'viral' }),
          idea({ title: '', score: 50 }),
          idea({ title: 'No score', score: null }),
          { description: 'No title at all', type: 'trending', score: 60 },
          'not an idea',
          idea({ title: 'too good' }),
        ],
      }),
    );
    expect(ideas.map((i) => [i.title, i.type, i.score])).toEqual([
      ['Too good', 'recommended', 100],
      ['Too bad', 'trending', 0],
      ['Half a point', 'ai-generated', 73],
    ]);
  });

  it('keeps at most six ideas and cuts over-long texts to what the server takes', () => {
    const many = Array.from({ length: 9 }, (_, i) => idea({ title: `Idea ${i}` }));
    expect(parseIdeasReply(JSON.stringify({ ideas: many }))).toHaveLength(6);
    const [long] = parseIdeasReply(
      JSON.stringify([idea({ title: 'T'.repeat(250), description: 'D'.repeat(2500) })]),
    );
    expect([...long!.title]).toHaveLength(200);
    expect([...long!.description]).toHaveLength(2000);
  });

  it('refuses a reply with nothing usable: empty, not JSON, cut off, no list, no complete idea', () => {
    const bad = [
      '',
      '   ',
      null,
      'Sure! Here are some ideas: post more often.',
      '{"ideas": [{"title": "Cut off", "descr',
      '{"content": "a post, not ideas"}',
      JSON.stringify({ ideas: [idea({ type: 'viral' }), idea({ title: '' })] }),
      JSON.stringify({ ideas: [] }),
    ];
    for (const reply of bad) {
      expect(() => parseIdeasReply(reply)).toThrow(IdeasReplyError);
    }
  });
});
