/*
 * With REDIS_URL set, opens the Redis connection of the rate limiter at boot: the
 * limiter refuses to wait for a connection that is not ready (config/limiter.ts), so
 * without this the first requests would be counted in memory.
 */
import env from '#start/env'
import redis from '@adonisjs/redis/services/main'

if (env.get('REDIS_URL')) redis.connection('main')
