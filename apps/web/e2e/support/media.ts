// The media the browser tests upload: the server tests' clips (a real H.264/AAC MP4 with a test
// picture and a tone, made with Debian's ffmpeg once per run).
export { solidPng, speechVideo, testClip } from '../../../server/test/media-clips';
