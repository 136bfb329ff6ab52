import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ChatService } from './chat.service.ts';

const ok = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });
const shareParams = z.object({ chat_uuid: z.string().uuid('Class not found') });
const tags = ['chat'];

export const askSchema = z.object({
  question: z
    .string()
    .trim()
    .min(1, 'Please enter a question.')
    .max(1000, 'Questions can be at most 1,000 characters.'),
  student_identifier: z.string().trim().max(200).nullish(),
});

const citationSchema = z.object({
  content_id: z.string(),
  title: z.string(),
  content_type: z.string(),
  excerpt: z.string(),
});

export const chatRoutes =
  (chat: ChatService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/chat/session/:chat_uuid', {
      schema: {
        tags,
        summary: 'What a student sees when opening a share link',
        params: shareParams,
        response: {
          200: ok(
            z.object({
              class_name: z.string(),
              description: z.string().nullable(),
              sample_questions: z.array(z.string()),
              is_active: z.boolean(),
              school_name: z.string().nullable(),
              professor: z.object({ first_name: z.string(), last_name: z.string() }),
            }),
          ),
        },
      },
      handler: async (req) => ({
        success: true as const,
        data: await chat.session(req.params.chat_uuid),
      }),
    });

    app.post('/chat/ask/:chat_uuid', {
      schema: {
        tags,
        summary: "Ask a question; answered from this class's material only",
        params: shareParams,
        body: askSchema,
        response: {
          200: ok(
            z.object({
              id: z.string(),
              response: z.string(),
              created_at: z.string(),
              source_type: z.enum(['syllabus', 'content', 'other']),
              citations: z.array(citationSchema),
            }),
          ),
        },
      },
      handler: async (req) => ({
        success: true as const,
        data: await chat.ask(req.params.chat_uuid, {
          question: req.body.question,
          studentIdentifier: req.body.student_identifier ?? null,
          address: req.ip,
        }),
      }),
    });
  };
