// Two single-page builds from one config: `app` (the user-facing SPA, served at /) and `admin`
// (the back office, served at /admin/). `--env target=app|admin` builds one; no target builds both.
const fs = require('node:fs');
const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const TerserPlugin = require('terser-webpack-plugin');

const TARGETS = {
  app: {
    entry: './src/app-web/index.tsx',
    publicPath: '/',
    title: 'Meguri 巡り | 四柱推命で読み解く、あなたの流れ',
    /** Files of public/ served as they are, at the same name (the share image's background, spec §7). */
    staticFiles: ['share-template.png'],
  },
  admin: {
    entry: './src/app-admin/index.tsx',
    publicPath: '/admin/',
    title: 'Meguri 管理画面',
    staticFiles: [],
  },
};

/** Writes the parts of webpack's stats that `npm run size` reads to dist/stats-<target>.json (outside the served folder). */
class WriteStatsPlugin {
  constructor(file) {
    this.file = file;
  }

  apply(compiler) {
    compiler.hooks.done.tap('WriteStatsPlugin', (stats) => {
      const json = stats.toJson({
        all: false,
        assets: true,
        chunks: true,
        chunkGroups: true,
        entrypoints: true,
        ids: true,
      });
      fs.mkdirSync(path.dirname(this.file), { recursive: true });
      fs.writeFileSync(this.file, JSON.stringify(json, null, 2));
    });
  }
}

/** Emits files of public/ into the build unchanged, under their own names (no hash: the code asks for them by name). */
class StaticFilesPlugin {
  constructor(names) {
    this.names = names;
  }

  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('StaticFilesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'StaticFilesPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          for (const name of this.names) {
            const file = path.resolve(__dirname, 'public', name);
            compilation.fileDependencies.add(file);
            compilation.emitAsset(name, new RawSource(fs.readFileSync(file)));
          }
        },
      );
    });
  }
}

function swcOptions(isProduction) {
  return {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      target: 'es2020',
      transform: {
        react: { runtime: 'automatic', development: !isProduction, refresh: false },
      },
    },
  };
}

function configFor(name, mode) {
  const target = TARGETS[name];
  const isProduction = mode === 'production';
  const outDir = path.resolve(__dirname, 'dist', name);

  return {
    name,
    mode,
    entry: { main: target.entry },
    output: {
      path: outDir,
      publicPath: target.publicPath,
      filename: isProduction ? 'js/[name].[contenthash:8].js' : 'js/[name].js',
      chunkFilename: isProduction ? 'js/[name].[contenthash:8].js' : 'js/[name].js',
      clean: true,
    },
    devtool: isProduction ? 'source-map' : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs'],
      alias: { '@': path.resolve(__dirname, 'src') },
    },
    module: {
      rules: [
        {
          test: /\.[cm]?[jt]sx?$/,
          exclude: /node_modules/,
          use: { loader: 'swc-loader', options: swcOptions(isProduction) },
        },
        {
          test: /\.css$/,
          use: [MiniCssExtractPlugin.loader, 'css-loader'],
        },
      ],
    },
    plugins: [
      new webpack.DefinePlugin({
        'process.env.MEGURI_API_URL': JSON.stringify(process.env.MEGURI_API_URL ?? ''),
        // Who runs the service (footer link, legal texts). Unset or empty: the defaults in src/config/env.ts.
        'process.env.MEGURI_OPERATOR_NAME': JSON.stringify(process.env.MEGURI_OPERATOR_NAME ?? ''),
        'process.env.MEGURI_OPERATOR_URL': JSON.stringify(process.env.MEGURI_OPERATOR_URL ?? ''),
      }),
      new HtmlWebpackPlugin({
        template: './public/index.html',
        title: target.title,
        favicon: './public/favicon.svg',
      }),
      new StaticFilesPlugin(target.staticFiles),
      new MiniCssExtractPlugin({
        filename: isProduction ? 'css/[name].[contenthash:8].css' : 'css/[name].css',
        chunkFilename: isProduction ? 'css/[name].[contenthash:8].css' : 'css/[name].css',
      }),
      isProduction && new WriteStatsPlugin(path.resolve(__dirname, 'dist', `stats-${name}.json`)),
    ].filter(Boolean),
    optimization: {
      minimize: isProduction,
      minimizer: [
        new TerserPlugin({
          minify: TerserPlugin.swcMinify,
          terserOptions: { compress: { passes: 2 }, mangle: true },
        }),
      ],
      runtimeChunk: 'single',
      splitChunks: {
        chunks: 'all',
        cacheGroups: {
          // React, the router and swr change rarely: one long-cached chunk for the framework.
          framework: {
            test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|swr|use-sync-external-store|cookie)[\\/]/,
            name: 'framework',
            priority: 20,
          },
        },
      },
    },
    performance: { hints: false },
    devServer: {
      port: Number(process.env.PORT ?? (name === 'admin' ? 3001 : 3000)),
      historyApiFallback: { index: `${target.publicPath}index.html` },
      devMiddleware: { publicPath: target.publicPath },
      proxy: [
        {
          context: ['/api'],
          target: process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080',
          changeOrigin: false,
        },
      ],
    },
  };
}

/** Fails the build, rather than the page at start-up, when a URL setting is malformed. */
function checkBuildSettings() {
  const operatorUrl = (process.env.MEGURI_OPERATOR_URL ?? '').trim();
  if (operatorUrl !== '' && !/^https?:\/\/[^\s/]+/.test(operatorUrl)) {
    throw new Error(`invalid: MEGURI_OPERATOR_URL must be empty or an absolute http(s) URL, got "${operatorUrl}"`);
  }
}

module.exports = (env = {}, argv = {}) => {
  checkBuildSettings();
  const mode = argv.mode ?? 'production';
  const names = env.target ? [env.target] : Object.keys(TARGETS);
  for (const name of names) {
    if (!TARGETS[name]) throw new Error(`unknown --env target=${name} (expected one of: ${Object.keys(TARGETS).join(', ')})`);
  }
  const configs = names.map((name) => configFor(name, mode));
  return configs.length === 1 ? configs[0] : configs;
};
