/** Strings of the media-rewrite pages (图片改写, 视频改写) and their results (merged into the one i18n table). */
export const MEDIA_REWRITE_MESSAGES = {
  'rewriteImage.title': { zh: '图片改写', en: 'Image rewrite' },
  'rewriteImage.subtitle': {
    zh: '上传笔记图片，AI 识别图中的文字，按平台和风格改写成新文案。',
    en: 'Upload a note’s images: the AI reads their text and rewrites it for your platform and style.',
  },
  'rewriteImage.images': { zh: '笔记图片', en: 'Note images' },
  'rewriteImage.empty': { zh: '识别到的文字和改写结果会显示在这里', en: 'The text found and your rewritten copy will appear here' },
  'rewriteImage.generating': { zh: 'AI 正在识别图片文字并改写…', en: 'The AI is reading the images and rewriting…' },

  'rewriteVideo.title': { zh: '视频改写', en: 'Video rewrite' },
  'rewriteVideo.subtitle': {
    zh: '上传一段短视频，AI 转写其中的口播，改写成新的短视频脚本。',
    en: 'Upload a short video: the AI transcribes its speech and writes a new short-video script.',
  },
  'rewriteVideo.video': { zh: '原视频', en: 'Original video' },
  'rewriteVideo.empty': { zh: '视频文案转写和新脚本会显示在这里', en: 'The transcript and your new script will appear here' },
  'rewriteVideo.generating': { zh: 'AI 正在转写视频并撰写脚本…', en: 'The AI is transcribing the video and writing the script…' },
  'rewriteVideo.scriptNote': { zh: '输出为短视频脚本（分镜、台词、时长）', en: 'You get a short-video script (shots, narration, lengths)' },
  'rewriteVideo.speech': { zh: '视频语言', en: 'Spoken language' },
  'rewriteVideo.speech.auto': { zh: '自动识别', en: 'Detect' },

  'mediaRewrite.imagesCount': { zh: '{n}/{max}', en: '{n}/{max}' },
  'mediaRewrite.addImage': { zh: '添加图片', en: 'Add an image' },
  'mediaRewrite.removeImage': { zh: '删除第 {n} 张图片', en: 'Remove image {n}' },
  'mediaRewrite.imagesMax': { zh: '最多 {max} 张，按顺序识别', en: 'Up to {max} images, read in order' },
  // The server's UploadRules::NOTE (lib/uploadRules NOTE_UPLOAD_LIMITS): screenshots and long images pass.
  'mediaRewrite.noteRules': {
    zh: '支持 PNG/JPG/WEBP 截图和长图，不超过10MB',
    en: 'PNG/JPG/WEBP screenshots and long images, up to 10MB',
  },
  'mediaRewrite.imagesRequired': { zh: '请先上传至少一张图片', en: 'Please upload at least one image first' },
  'mediaRewrite.imagesTooMany': { zh: '最多上传 {max} 张图片', en: 'At most {max} images' },

  'mediaRewrite.pickVideo': { zh: '点击上传视频', en: 'Click to upload a video' },
  'mediaRewrite.replaceVideo': { zh: '更换视频', en: 'Replace the video' },
  'mediaRewrite.removeVideo': { zh: '移除视频', en: 'Remove the video' },
  'mediaRewrite.videoRules': {
    zh: '支持 MP4、MOV，不超过 {mb}MB、{seconds} 秒，需包含人声',
    en: 'MP4 or MOV, at most {mb} MB and {seconds} seconds, with speech',
  },
  'mediaRewrite.videoDuration': { zh: '时长 {d}', en: 'Length {d}' },
  'mediaRewrite.videoRequired': { zh: '请先上传视频', en: 'Please upload a video first' },
  'mediaRewrite.videoBadFormat': { zh: '仅支持 MP4 或 MOV 格式的视频', en: 'Only MP4 or MOV videos are supported' },
  'mediaRewrite.videoTooLarge': { zh: '视频不能超过 {mb}MB', en: 'The video must be at most {mb} MB' },

  'mediaRewrite.source.image': { zh: '识别到的文字', en: 'Text found in the images' },
  'mediaRewrite.source.video': { zh: '视频文案转写', en: 'Transcript' },
  'mediaRewrite.source.copy': { zh: '复制原文', en: 'Copy the text' },

  'mediaRewrite.error.OCR_NO_TEXT': { zh: '图片中未识别到文字', en: 'No text was found in the images' },
  'mediaRewrite.error.VIDEO_NO_SPEECH': { zh: '视频中未识别到语音', en: 'No speech was found in the video' },
  'mediaRewrite.hint.OCR_NO_TEXT': {
    zh: '请上传带有清晰文字的图片，例如笔记截图或商品海报。',
    en: 'Upload images with clear text, such as a note’s screenshots or a product poster.',
  },
  'mediaRewrite.hint.VIDEO_NO_SPEECH': {
    zh: '请上传有口播或人声讲解的视频。',
    en: 'Upload a video in which someone speaks.',
  },
  'mediaRewrite.refunded': { zh: '本次消耗的灵石已返还', en: 'The coins for this task have been returned' },
} as const;
