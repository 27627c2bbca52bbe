import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startScriptedLlmServer, type RecordedRequest, type ScriptedLlmServer } from '../../test/scripted-llm-server.js';
import { AiError } from '../errors.js';
import type { Catalog } from './catalog.js';
import { SchemaEmbeddings, embed, embeddingsUrl, tableText } from './schema-embeddings.js';
import { linkSchema } from './schema-link.js';

/**
 * The scripted server embeds text as counts over a few "concepts", each spelt by several words
 * the lexical ranking cannot relate (no shared stem, not in its synonym list).
 */
const CONCEPTS = [['patron', 'guest', 'visitor'], ['lodging', 'room', 'suite'], ['voyage', 'trip', 'journey'], ['invoice', 'bill']];
const toy = (text: string) => CONCEPTS.map((words) => words.filter((w) => text.toLowerCase().includes(w)).length + 0.01);

let llm: ScriptedLlmServer;
beforeAll(async () => {
  llm = await startScriptedLlmServer();
});
afterAll(() => llm.close());
beforeEach(() => {
  llm.handle((req: RecordedRequest) => {
    const input = req.body.input as string[];
    // answer out of order on purpose: the client must sort by `index`
    return { json: { object: 'list', data: input.map((t, index) => ({ object: 'embedding', index, embedding: toy(t) })).reverse() } };
  });
});

const HOTEL: Catalog = {
  tables: [
    { name: 'bookings', columns: [{ name: 'id' }, { name: 'guest_id' }, { name: 'room_no' }] },
    { name: 'guests', columns: [{ name: 'id' }, { name: 'full_name' }] },
    { name: 'trips', comment: 'each journey of the shuttle bus', columns: [{ name: 'id' }, { name: 'departs_at' }] },
    { name: 'bills', columns: [{ name: 'id' }, { name: 'amount' }] },
  ],
};

describe('schema embeddings', () => {
  it('derives the embeddings URL from the chat base URL', () => {
    expect(embeddingsUrl('http://h:1').href).toBe('http://h:1/v1/embeddings');
    expect(embeddingsUrl('http://h:1/v1/').href).toBe('http://h:1/v1/embeddings');
    expect(embeddingsUrl('http://h:1/api/v4/chat/completions').href).toBe('http://h:1/api/v4/embeddings');
    expect(embeddingsUrl('http://h:1/x/embeddings').href).toBe('http://h:1/x/embeddings');
    expect(tableText(HOTEL.tables[2]!)).toBe('trips (each journey of the shuttle bus): id, departs_at');
  });

  it('sends model, input and key, batches, and returns vectors in input order', async () => {
    const cfg = { apiHost: llm.openAiBase, apiKey: 'sk-emb', model: 'emb-small', batchSize: 2 };
    const v = await embed(cfg, ['a patron', 'a suite', 'a bill']);
    expect(v.map((x) => x.indexOf(Math.max(...x)))).toEqual([0, 1, 3]);
    const reqs = llm.requests.slice(-2);
    expect(reqs.map((r) => r.path)).toEqual(['/v1/embeddings', '/v1/embeddings']);
    expect(reqs.map((r) => r.body.input)).toEqual([['a patron', 'a suite'], ['a bill']]);
    expect(reqs[0]!.body.model).toBe('emb-small');
    expect(reqs[0]!.headers.authorization).toBe('Bearer sk-emb');
  });

  it('embeds a schema once and then one question per call; a changed schema is embedded again', async () => {
    const se = new SchemaEmbeddings();
    const cfg = { apiHost: llm.openAiBase, model: 'emb-small' };
    const before = llm.requests.length;
    const sims = await se.similarities(cfg, HOTEL, 'which visitor stayed longest');
    await se.similarities(cfg, HOTEL, 'how many voyages today');
    expect(llm.requests.length - before).toBe(3);
    expect(sims.indexOf(Math.max(...sims))).toBe(1); // guests
    await se.similarities(cfg, { tables: HOTEL.tables.slice(1) }, 'x');
    expect(llm.requests.length - before).toBe(5);
  });

  it('lets the embedding similarity find a table no word of the question names', async () => {
    const q = 'list every voyage after noon';
    // Without the WordNet lexicon (if installed, it relates voyage to journey): the embeddings alone must make the difference.
    expect(linkSchema(HOTEL, q, { lexicon: null })[0]!.tableName).not.toBe('trips');
    const semantic = await new SchemaEmbeddings().similarities({ apiHost: llm.openAiBase, model: 'm' }, HOTEL, q);
    const linked = linkSchema(HOTEL, q, { semantic, lexicon: null });
    expect(linked[0]).toMatchObject({ tableName: 'trips', matched: true });
    expect(linked.find((t) => t.tableName === 'bills')!.matched).toBe(false);
  });

  it('reports a provider error or a malformed answer as an AiError, and does not cache the failure', async () => {
    const se = new SchemaEmbeddings();
    const cfg = { apiHost: llm.openAiBase, apiKey: 'sk-emb', model: 'm' };
    llm.reply({ status: 401, errorBody: { error: { message: 'bad key sk-emb' } } });
    const e = await se.similarities(cfg, HOTEL, 'q').catch((x: unknown) => x);
    expect(e).toBeInstanceOf(AiError);
    expect((e as AiError).code).toBe('AI_KEY_INVALID');
    expect((e as AiError).message).not.toContain('sk-emb');
    llm.reply({ json: { data: [{ index: 0, embedding: 'nope' }] } });
    expect(await embed(cfg, ['x']).catch((x: AiError) => x.code)).toBe('AI_SERVICE_ERROR');
    expect((await se.similarities(cfg, HOTEL, 'a guest')).length).toBe(4);
  });
});
