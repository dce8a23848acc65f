import { describe, expect, it } from 'vitest';
import { loudnessOf, mediaInfoOf, progressSeconds } from './ffmpeg.js';

describe('mediaInfoOf', () => {
  it('keeps the duration, the container and the first video and audio streams', () => {
    expect(
      mediaInfoOf({
        format: { duration: '3599.966000', format_name: 'mov,mp4,m4a,3gp,3g2,mj2' },
        streams: [
          { codec_type: 'video', codec_name: 'h264', width: 1920, height: 1080 },
          { codec_type: 'audio', codec_name: 'aac', channels: 2 },
          { codec_type: 'audio', codec_name: 'ac3', channels: 6 },
        ],
      }),
    ).toEqual({
      durationSec: 3599.966,
      container: 'mov,mp4,m4a,3gp,3g2,mj2',
      video: { codec: 'h264', width: 1920, height: 1080 },
      audio: { codec: 'aac', channels: 2 },
    });
  });

  it('keeps the duration exactly as ffprobe read it, never rounded', () => {
    const read = mediaInfoOf({
      format: { duration: '30.019322', format_name: 'mpegts' },
      streams: [
        {
          codec_type: 'video',
          codec_name: 'mpeg2video',
          width: 720,
          height: 480,
          duration: '29.996633',
          avg_frame_rate: '30000/1001',
        },
        { codec_type: 'audio', codec_name: 'mp2', channels: 2, duration: '30.019322' },
      ],
    });
    expect(read.durationSec).toBe(30.019322);
    // The picture's own: 899 frames of 1001/30000 s.
    expect(read.video?.durationSec).toBe(29.996633);
    expect(read.video?.frameRate).toBeCloseTo(29.97003, 5);
    expect(
      mediaInfoOf({ streams: [{ codec_type: 'video', avg_frame_rate: '0/0', duration: 'N/A' }] })
        .video,
    ).toEqual({ codec: '', width: 0, height: 0 });
  });

  it('does not take an audio file’s cover art for video, nor a missing duration for one', () => {
    expect(
      mediaInfoOf({
        format: { duration: 'N/A', format_name: 'mp3' },
        streams: [
          { codec_type: 'audio', codec_name: 'mp3', channels: 2 },
          { codec_type: 'video', codec_name: 'mjpeg', disposition: { attached_pic: 1 } },
        ],
      }),
    ).toEqual({
      durationSec: 0,
      container: 'mp3',
      video: null,
      audio: { codec: 'mp3', channels: 2 },
    });
    expect(mediaInfoOf({})).toEqual({ durationSec: 0, container: '', video: null, audio: null });
  });
});

describe('progressSeconds', () => {
  it('reads how far ffmpeg is from its -progress lines, and nothing from the others', () => {
    expect(progressSeconds('out_time_us=12500000')).toBe(12.5);
    expect(progressSeconds('out_time_us=0\n')).toBe(0);
    expect(progressSeconds('frame=300')).toBeNull();
    expect(progressSeconds('out_time_us=N/A')).toBeNull();
  });
});

describe('loudnessOf', () => {
  const tail = (json: string) =>
    `size=N/A time=00:00:03.01 bitrate=N/A speed=14.9x\n[Parsed_loudnorm_0 @ 0x5577] \n${json}\n`;

  it('reads the integrated loudness and true peak of the last summary', () => {
    const summary =
      '{\n\t"input_i" : "-21.82",\n\t"input_tp" : "-17.68",\n\t"input_lra" : "0.10"\n}';
    expect(loudnessOf(tail(summary))).toEqual({ integratedLufs: -21.82, truePeakDb: -17.68 });
  });

  it('is null for silence, a missing summary or broken JSON', () => {
    expect(loudnessOf(tail('{ "input_i" : "-inf", "input_tp" : "-inf" }'))).toBeNull();
    expect(loudnessOf('Conversion failed!')).toBeNull();
    expect(loudnessOf(tail('{ "input_i" : '))).toBeNull();
  });
});
