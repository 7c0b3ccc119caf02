import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import bwipjs from 'bwip-js';
import { PNG } from 'pngjs';

/**
 * A fake camera for Chromium (--use-file-for-fake-video-capture): a YUV4MPEG2 (Y4M, 4:2:0) video
 * made at test time whose frames show printed codes, each for a few seconds, black on white in
 * the middle of the picture. Chromium loops the file.
 */
export interface VideoScene {
  /** bwip-js symbology: 'ean13', 'qrcode', 'code128', ... */
  bcid: string;
  text: string;
  seconds: number;
}

const width = 640;
const height = 480;
const fps = 10;

async function renderCode(scene: VideoScene): Promise<PNG> {
  const qr = scene.bcid === 'qrcode';
  const png = await bwipjs.toBuffer({
    bcid: scene.bcid,
    text: scene.text,
    scale: qr ? 8 : 3,
    ...(qr ? {} : { height: 25, includetext: true }),
    backgroundcolor: 'FFFFFF',
  });
  return PNG.sync.read(png);
}

/** One I420 frame: the code centred on white. */
function frameOf(code: PNG): Buffer {
  const luma = Buffer.alloc(width * height, 235);
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const left = Math.max(0, Math.floor((width - code.width) / 2));
  const top = Math.max(0, Math.floor((height - code.height) / 2));
  for (let y = 0; y < Math.min(code.height, height); y += 1) {
    for (let x = 0; x < Math.min(code.width, width); x += 1) {
      const at = (y * code.width + x) * 4;
      const alpha = code.data[at + 3]! / 255;
      const [r, g, b] = [0, 1, 2].map((c) => code.data[at + c]! * alpha + 255 * (1 - alpha)) as [
        number,
        number,
        number,
      ];
      // BT.601 studio range, as Y4M players expect.
      luma[(top + y) * width + left + x] = Math.round(16 + 0.257 * r + 0.504 * g + 0.098 * b);
    }
  }
  return Buffer.concat([luma, chroma]);
}

/** Writes the video into a new temporary folder and answers its path. */
export async function writeFakeCameraVideo(scenes: VideoScene[]): Promise<string> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'wms-fake-camera-'));
  const file = path.join(folder, 'camera.y4m');
  const out = fs.openSync(file, 'w');
  try {
    fs.writeSync(out, `YUV4MPEG2 W${width} H${height} F${fps}:1 Ip A1:1 C420jpeg\n`);
    for (const scene of scenes) {
      const frame = frameOf(await renderCode(scene));
      for (let index = 0; index < scene.seconds * fps; index += 1) {
        fs.writeSync(out, 'FRAME\n');
        fs.writeSync(out, frame);
      }
    }
  } finally {
    fs.closeSync(out);
  }
  return file;
}
