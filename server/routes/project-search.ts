import { Hono } from 'hono';
import type { AppEnv } from '../lib/context.js';

export const projectSearchResource = new Hono<AppEnv>();
